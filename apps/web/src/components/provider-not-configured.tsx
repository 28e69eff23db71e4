import { Button, Result } from 'antd';
import { ApiOutlined, AppstoreOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { useSessionUser } from '../lib/session-user.ts';
import './provider-not-configured.css';

/** The admin console's AI providers tab. */
export const PROVIDER_SETTINGS_PATH = '/admin?tab=ai';

export interface ProviderNotConfiguredProps {
  /** Extra class for the page's own layout (e.g. filling a flex column). */
  className?: string;
  title: string;
  /** What a student or teacher reads: who can help, no server details. */
  text: string;
  /** What an admin reads instead: where to set the provider up. */
  adminText: string;
  /** The environment variables an admin may set instead of the console, each with what it means. */
  settings: readonly (readonly [name: string, meaning: string])[];
  docs: string;
  /** False where the message sits inside a working lab (an optional extra): no way out of the page. */
  backToLabs?: boolean;
}

/**
 * Shown instead of an AI lab's tool when the server has no provider for it. Everyone gets a friendly
 * message and a way back to the other labs; only an admin sees how to set it up (the console, or env).
 */
export function ProviderNotConfigured({
  className,
  title,
  text,
  adminText,
  settings,
  docs,
  backToLabs = true,
}: ProviderNotConfiguredProps) {
  const { t } = useTranslation();
  const admin = useSessionUser()?.role === 'admin';
  const navigate = useNavigate();
  return (
    <Result
      className={className ? `provider-not-configured ${className}` : 'provider-not-configured'}
      icon={<ApiOutlined className="provider-not-configured-icon" />}
      title={title}
      subTitle={admin ? adminText : text}
      extra={[
        admin && (
          <Button
            key="console"
            type="primary"
            icon={<SettingOutlined />}
            onClick={() => void navigate(PROVIDER_SETTINGS_PATH)}
          >
            {t('lab.providerSettings')}
          </Button>
        ),
        backToLabs && (
          <Button key="labs" icon={<AppstoreOutlined />} onClick={() => void navigate(paths.aiLab)}>
            {t('lab.backToLabs')}
          </Button>
        ),
      ].filter(Boolean)}
    >
      {admin && (
        <>
          <dl className="provider-settings" data-testid="provider-env-settings">
            {settings.map(([name, meaning]) => (
              <div key={name} className="provider-settings-row">
                <dt>
                  <code>{name}</code>
                </dt>
                <dd>{meaning}</dd>
              </div>
            ))}
          </dl>
          <p className="provider-settings-docs">{docs}</p>
        </>
      )}
    </Result>
  );
}
