import { Alert } from 'antd';
import { Link } from 'react-router';
import type { LabSlug } from '@ai-edu/contract';
import { labPath } from '../../../config/paths.ts';
import { useMyClassTranslation } from './i18n.ts';
import './my-class.css';

/**
 * On the lab index after the lab page sent a student back from a lab the lesson locks: why, and the labs
 * open now. Its own chunk (antd's Alert), loaded only then.
 */
export default function LessonLockAlert({
  open,
  onClose,
}: {
  open: readonly LabSlug[];
  onClose: () => void;
}) {
  const { t, tApp } = useMyClassTranslation();
  return (
    <Alert
      className="lesson-lock-alert"
      type="warning"
      showIcon
      closable={{ onClose, 'aria-label': tApp('common.close') }}
      data-testid="lesson-lock-alert"
      title={t('lesson.lockedAlert')}
      description={
        open.length > 0 && (
          <ul className="lesson-lock-alert-labs">
            {open.map((slug) => (
              <li key={slug}>
                <Link to={labPath(slug)}>{tApp(`labs.${slug}.title`)}</Link>
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
