import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { useProviderReady } from '../../lib/ai-status.ts';
import { useCoursesTranslation } from './i18n.ts';

/**
 * A lesson's "try it" link. An AI lab on a server without its provider says so next to the link, so a
 * student knows to ask rather than meeting a dead end.
 */
export function LabLink({ slug }: { slug: string }) {
  const { t, tApp } = useCoursesTranslation();
  const lab = tApp(`labs.${slug}.title`);
  const missing = !useProviderReady(slug);
  return (
    <span className="course-lab-link">
      <Link to={`/ailab/${slug}`}>
        <Button icon={<ExperimentOutlined />}>{t('detail.tryIt', { lab })}</Button>
      </Link>
      {missing && (
        <Typography.Text type="warning" className="course-lab-missing" data-testid={`lab-not-set-up-${slug}`}>
          {t('detail.labNotSetUp', { lab })}
        </Typography.Text>
      )}
    </span>
  );
}
