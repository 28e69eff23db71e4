/**
 * The one explanation every camera, microphone, hardware and clipboard panel shows on a page opened over
 * plain http (lib/secure-origin.ts): the real reason, the HTTPS address when the server has one, and the
 * device set-up page (served by the server, so a plain link, not a route).
 */
import type { ReactNode } from 'react';
import { Result, Space, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { DEVICE_SETUP_PATH } from '@ai-edu/contract';
import { getRuntimeConfig } from '../../config/runtime-config.ts';
import { secureAddressOf } from '../../lib/secure-origin.ts';
import { useSecureOriginTexts } from './texts.ts';

export type SecureFeature = 'camera' | 'microphone' | 'hardware' | 'clipboard';

function knownSecureUrl(): string | null {
  try {
    return getRuntimeConfig().secureUrl;
  } catch {
    return null;
  }
}

export interface InsecureOriginNoticeProps {
  feature: SecureFeature;
  /** The way around that works anyway (an upload button). */
  children?: ReactNode;
}

export function InsecureOriginNotice({ feature, children }: InsecureOriginNoticeProps) {
  const t = useSecureOriginTexts();
  const secure = secureAddressOf(knownSecureUrl(), window.location);
  return (
    <Result
      className="insecure-origin-notice"
      data-testid="insecure-origin"
      data-feature={feature}
      role="region"
      aria-label={t('aria')}
      status="warning"
      icon={<SafetyOutlined aria-hidden />}
      title={t(`title.${feature}`)}
      subTitle={t('reason', { origin: window.location.origin })}
      extra={
        <Space orientation="vertical" align="center">
          {secure ? (
            <Typography.Text>
              {t('openSecure')}{' '}
              <a href={secure} data-testid="secure-address">
                {secure}
              </a>
            </Typography.Text>
          ) : (
            <Typography.Text>{t('noSecure')}</Typography.Text>
          )}
          <a href={DEVICE_SETUP_PATH} data-testid="device-setup-link">
            {t('setup')}
          </a>
          {children}
        </Space>
      }
    />
  );
}
