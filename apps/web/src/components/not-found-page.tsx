import { Button, Result } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../lib/product-call.ts';
import { paths } from '../config/paths.ts';
import './error-page.css';

export type MissingThing = 'course' | 'lesson' | 'class' | 'file';

/**
 * Whether a failed request for one thing by its id means "there is no such thing": a 404, or a 400 because
 * the id in the address cannot be one (a mistyped link is a missing page to a user, not a request error).
 */
export function isMissing(error: unknown): boolean {
  return error instanceof RequestError && (error.status === 404 || error.status === 400);
}

export interface NotFoundPageProps {
  what: MissingThing;
  /** The list (or parent page) the link came from. */
  backTo: string;
  backLabel: string;
}

/** A friendly page for a missing course, lesson, class or file: what is missing and the ways back. */
export function NotFoundPage({ what, backTo, backLabel }: NotFoundPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      className="not-found-page"
      title={<h2 className="not-found-title">{t(`errors.notFound.${what}`)}</h2>}
      subTitle={t('errors.notFound.hint')}
      extra={[
        <Button key="back" type="primary" onClick={() => void navigate(backTo)}>
          {backLabel}
        </Button>,
        <Button key="home" icon={<HomeOutlined aria-hidden />} onClick={() => void navigate(paths.home)}>
          {t('errors.notFound.home')}
        </Button>,
      ]}
    />
  );
}
