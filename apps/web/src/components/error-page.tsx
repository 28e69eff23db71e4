import { useMemo, type ReactNode } from 'react';
import { Button, Descriptions, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { describeClient } from '../lib/client-info.ts';
import './error-page.css';

/** The error code the spec's error page shows for any page error. */
export const PAGE_ERROR_CODE = '00000';

export interface ErrorPageProps {
  /** Heading; 'page error' by default. */
  title?: ReactNode;
  subTitle?: ReactNode;
  /** The refresh button's action; reloads the page by default. */
  onRefresh?: () => void;
  refreshLabel?: ReactNode;
  /** More actions next to refresh. */
  extra?: ReactNode;
  error?: unknown;
}

function errorMessage(error: unknown): string | null {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return null;
}

/** Error page of spec §2/§8: refresh button, error code 00000, browser and system details. */
export function ErrorPage({ title, subTitle, onRefresh, refreshLabel, extra, error }: ErrorPageProps) {
  const { t } = useTranslation();
  const client = useMemo(() => describeClient(navigator.userAgent), []);
  const message = errorMessage(error);
  return (
    <div className="error-page" role="alert">
      <Result
        status="error"
        title={title ?? t('errors.pageError')}
        subTitle={subTitle ?? t('errors.pageErrorHint')}
        extra={
          <>
            <Button
              type="primary"
              icon={<ReloadOutlined aria-hidden />}
              onClick={onRefresh ?? (() => window.location.reload())}
            >
              {refreshLabel ?? t('errors.refresh')}
            </Button>
            {extra}
          </>
        }
      >
        <Descriptions
          className="error-page-details"
          size="small"
          column={1}
          bordered
          items={[
            { key: 'code', label: t('errors.code'), children: <code>{PAGE_ERROR_CODE}</code> },
            { key: 'browser', label: t('errors.browser'), children: client.browser },
            { key: 'os', label: t('errors.os'), children: client.os },
            ...(message ? [{ key: 'message', label: t('errors.message'), children: message }] : []),
          ]}
        />
      </Result>
    </div>
  );
}
