import { useEffect, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { ArrowLeftOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import './page-frame.css';

export interface PageFrameProps {
  /** Optional heading next to the back button. */
  title?: ReactNode;
  /** Optional tip line under the heading. */
  tip?: ReactNode;
  /** Covers the content with a spinner (the content stays mounted). */
  loading?: boolean;
  /** Shown above the content: e.g. a model's download progress, which is what a long load waits for. */
  progress?: ReactNode;
  /** Where 'back' goes; by default one level up the path ('/ailab/aiChat' → '/ailab'). */
  backTo?: string;
  /** Hide the back button (top-level pages). */
  hideBack?: boolean;
  /** Right-hand side of the header: actions, balance … */
  extra?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** One level up: the path without its last segment, '/' at the top. */
export function parentPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  segments.pop();
  return `/${segments.join('/')}`;
}

/** The spec's page frame: 'back' (up one level), optional title, loading overlay, tip line, scroll to top. */
export function PageFrame({
  title,
  tip,
  loading = false,
  progress,
  backTo,
  hideBack,
  extra,
  className,
  children,
}: PageFrameProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  return (
    <div className={['page-frame', className].filter(Boolean).join(' ')}>
      {(!hideBack || title !== undefined || extra !== undefined) && (
        <header className="page-frame-header">
          {!hideBack && (
            <Button
              className="page-frame-back"
              type="text"
              icon={<ArrowLeftOutlined aria-hidden />}
              onClick={() => void navigate(backTo ?? parentPath(pathname))}
            >
              {t('common.back')}
            </Button>
          )}
          {title !== undefined && <h1 className="page-frame-title">{title}</h1>}
          {extra !== undefined && <div className="page-frame-extra">{extra}</div>}
        </header>
      )}
      {tip !== undefined && (
        <p className="page-frame-tip">
          <InfoCircleOutlined /> <span>{tip}</span>
        </p>
      )}
      {progress}
      <Spin spinning={loading} size="large" tip={loading ? t('common.loading') : undefined}>
        <div className="page-frame-body">{children}</div>
      </Spin>
    </div>
  );
}
