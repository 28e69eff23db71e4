import { ExperimentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useCoursesTranslation } from './i18n.ts';

/**
 * A lesson's "try it" link. Every lab works on a server without cloud providers (the generative ones in
 * their offline mode), so a lesson never leads to a dead end.
 */
export function LabLink({ slug }: { slug: string }) {
  const { t, tApp } = useCoursesTranslation();
  const lab = tApp(`labs.${slug}.title`);
  return (
    <span className="course-lab-link">
      <Link to={`/ailab/${slug}`}>
        <Button icon={<ExperimentOutlined />}>{t('detail.tryIt', { lab })}</Button>
      </Link>
    </span>
  );
}
