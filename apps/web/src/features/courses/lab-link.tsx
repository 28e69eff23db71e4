import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { useAiStatus } from '../../lib/ai-status.ts';
import { useCoursesTranslation } from './i18n.ts';

/** The AI labs that need a provider on the server, and which one (GET /api/ai/status). */
const NEEDS_PROVIDER: Record<string, 'chat' | 'image'> = { aiChat: 'chat', textToImage: 'image' };

/**
 * A lesson's "try it" link. An AI lab on a server without its provider says so next to the link, so a
 * student knows to ask rather than meeting a dead end.
 */
export function LabLink({ slug }: { slug: string }) {
  const { t, tApp } = useCoursesTranslation();
  const provider = NEEDS_PROVIDER[slug];
  const status = useAiStatus();
  const lab = tApp(`labs.${slug}.title`);
  const missing = provider !== undefined && status.data !== undefined && !status.data[provider];
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
