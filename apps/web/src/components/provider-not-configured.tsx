import { Result } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import './provider-not-configured.css';

export interface ProviderNotConfiguredProps {
  /** Extra class for the page's own layout (e.g. filling a flex column). */
  className?: string;
  title: string;
  text: string;
  /** The environment variables the administrator sets, each with what it means. */
  settings: readonly (readonly [name: string, meaning: string])[];
  docs: string;
}

/** Shown instead of an AI lab's tool when the server has no provider for it: what the administrator sets. */
export function ProviderNotConfigured({
  className,
  title,
  text,
  settings,
  docs,
}: ProviderNotConfiguredProps) {
  return (
    <Result
      className={className ? `provider-not-configured ${className}` : 'provider-not-configured'}
      icon={<ApiOutlined className="provider-not-configured-icon" />}
      title={title}
      subTitle={text}
    >
      <dl className="provider-settings">
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
    </Result>
  );
}
