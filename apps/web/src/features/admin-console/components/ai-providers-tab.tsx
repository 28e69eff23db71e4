/**
 * "AI providers": the chat, painting and vision (handwriting reading) providers' address, model and key, saved to the server (applies
 * without a restart) and tested with a real minimal call. The key is write-only: the page only knows
 * whether one is set. Fields the server environment sets are shown read-only, because they win.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { ApiOutlined, CheckCircleOutlined, KeyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  adminKeys,
  aiProvidersSchema,
  providerTestSchema,
  useAiProviders,
  type FieldSource,
  type ProviderTest,
  type ProviderView,
  type SpeechProviderView,
} from '../api/admin-api.ts';
import { adminRequest } from '../api/client.ts';
import { useAdminTranslation, type AdminT } from '../i18n.ts';
import { toast } from '../../../lib/toast.ts';

const KINDS = ['chat', 'image', 'vision'] as const;
type Kind = (typeof KINDS)[number];

interface FormValues {
  baseUrl: string;
  model: string;
  apiKey: string;
}

/** Speech recognition and cloud voices: environment only, so shown without a form. */
function SpeechProvidersCard({
  views,
  t,
}: {
  views: Record<'speech' | 'tts', SpeechProviderView>;
  t: AdminT;
}) {
  const rows = (view: SpeechProviderView) =>
    [
      [t('aiProviders.speech.vendor'), view.vendor ?? '—'],
      [t('aiProviders.speech.baseUrl'), view.baseUrl ?? '—'],
      [t('aiProviders.speech.model'), view.model ?? '—'],
      [t('aiProviders.speech.region'), view.region ?? '—'],
      [
        t('aiProviders.speech.apiKey'),
        view.apiKeySet ? t('aiProviders.speech.keySet') : t('aiProviders.speech.keyNotSet'),
      ],
    ] as const;
  return (
    <Card title={t('aiProviders.speech.title')} data-testid="speech-providers">
      <Alert
        type="info"
        showIcon
        message={t('aiProviders.speech.intro', { speech: views.speech.envPrefix, tts: views.tts.envPrefix })}
      />
      {(['speech', 'tts'] as const).map((kind) => (
        <div key={kind} className="speech-provider">
          <h4>
            {t(`aiProviders.speech.${kind}`, { prefix: views[kind].envPrefix })}{' '}
            {views[kind].configured ? (
              <Tag color="green">{t('aiProviders.speech.ready')}</Tag>
            ) : (
              <Tag>{t('aiProviders.speech.notSet')}</Tag>
            )}
          </h4>
          <dl>
            {rows(views[kind]).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </Card>
  );
}

function SourceTag({ source, env, t }: { source: FieldSource; env: string; t: AdminT }) {
  if (source === 'env') return <Tag color="blue">{t('aiProviders.source.env', { name: env })}</Tag>;
  if (source === 'console') return <Tag color="green">{t('aiProviders.source.console')}</Tag>;
  if (source === 'default') return <Tag>{t('aiProviders.source.default')}</Tag>;
  return <Tag>{t('aiProviders.source.none')}</Tag>;
}

/** The fields the console may change (not those the environment sets), as the server's patch. */
function patchOf(view: ProviderView, values: FormValues, replacingKey: boolean) {
  const patch: Record<string, string | null> = {};
  if (view.baseUrl.source !== 'env') patch.baseUrl = values.baseUrl.trim() || null;
  if (view.model.source !== 'env') patch.model = values.model.trim() || null;
  if (view.apiKey.source !== 'env' && replacingKey && values.apiKey.trim())
    patch.apiKey = values.apiKey.trim();
  return patch;
}

function ProviderCard({ kind, view }: { kind: Kind; view: ProviderView }) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [replacingKey, setReplacingKey] = useState(!view.apiKey.set);
  const [busy, setBusy] = useState<'save' | 'test' | 'clear' | null>(null);
  const [result, setResult] = useState<ProviderTest | null>(null);
  const path = `/api/admin/ai-providers/${kind}`;

  const saved = async (json: Record<string, unknown>) => {
    const next = await adminRequest(queryClient, path, aiProvidersSchema, { method: 'PUT', json });
    queryClient.setQueryData(adminKeys.aiProviders, next);
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    // The labs read whether a provider is ready from here: let them see the change at once.
    void queryClient.invalidateQueries({ queryKey: ['ai-status'] });
    return next;
  };

  const save = async () => {
    const values = await form.validateFields();
    setBusy('save');
    try {
      const next = await saved(patchOf(view, values, replacingKey));
      form.setFieldValue('apiKey', '');
      setReplacingKey(!next[kind].apiKey.set);
      toast(t('aiProviders.saved'), 'success');
    } catch {
      // Shown by adminRequest.
    } finally {
      setBusy(null);
    }
  };

  const clearKey = async () => {
    setBusy('clear');
    try {
      await saved({ apiKey: null });
      setReplacingKey(true);
      toast(t('aiProviders.keyCleared'), 'success');
    } catch {
      // Shown by adminRequest.
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    const values = await form.validateFields();
    setBusy('test');
    setResult(null);
    try {
      setResult(
        await adminRequest(queryClient, `${path}/test`, providerTestSchema, {
          method: 'POST',
          json: patchOf(view, values, replacingKey),
        }),
      );
    } catch {
      // Shown by adminRequest.
    } finally {
      setBusy(null);
    }
  };

  const keyEnv = view.apiKey.source === 'env';
  return (
    <Card
      className="admin-provider-card"
      data-testid={`ai-provider-${kind}`}
      title={
        <Space>
          <ApiOutlined />
          {t(`aiProviders.${kind}.title`)}
          {view.configured ? (
            <Tag color="green" icon={<CheckCircleOutlined />}>
              {t('aiProviders.ready')}
            </Tag>
          ) : (
            <Tag>{t('aiProviders.notReady')}</Tag>
          )}
        </Space>
      }
    >
      <Form
        form={form}
        // Prefixes the fields' ids: the two cards' labels each point at their own input.
        name={`ai-${kind}`}
        layout="vertical"
        className="admin-form"
        initialValues={{ baseUrl: view.baseUrl.value ?? '', model: view.model.value ?? '', apiKey: '' }}
      >
        <Form.Item
          name="baseUrl"
          label={
            <Space>
              {t('aiProviders.baseUrl')}
              <SourceTag source={view.baseUrl.source} env={view.baseUrl.env} t={t} />
            </Space>
          }
          extra={t(`aiProviders.${kind}.baseUrlHint`)}
          rules={[
            {
              pattern: /^https?:\/\/\S+$/,
              message: t('aiProviders.badUrl'),
            },
          ]}
        >
          <Input
            maxLength={500}
            disabled={view.baseUrl.source === 'env'}
            placeholder="http://ollama.school.lan:11434/v1"
          />
        </Form.Item>
        <Form.Item
          name="model"
          label={
            <Space>
              {t('aiProviders.model')}
              <SourceTag source={view.model.source} env={view.model.env} t={t} />
            </Space>
          }
          extra={t(`aiProviders.${kind}.modelHint`)}
        >
          <Input maxLength={200} disabled={view.model.source === 'env'} />
        </Form.Item>
        <Form.Item
          label={
            <Space>
              {t('aiProviders.apiKey')}
              <SourceTag source={view.apiKey.source} env={view.apiKey.env} t={t} />
            </Space>
          }
          extra={t('aiProviders.keyHint')}
        >
          <Space wrap>
            <Tag
              icon={<KeyOutlined />}
              color={view.apiKey.set ? 'green' : undefined}
              data-testid="api-key-state"
            >
              {view.apiKey.set ? t('aiProviders.keySet') : t('aiProviders.keyNotSet')}
            </Tag>
            {view.apiKey.unreadable && <Tag color="red">{t('aiProviders.keyUnreadable')}</Tag>}
            {!keyEnv && view.apiKey.set && !replacingKey && (
              <Button size="small" onClick={() => setReplacingKey(true)}>
                {t('aiProviders.replaceKey')}
              </Button>
            )}
            {!keyEnv && view.apiKey.source === 'console' && (
              <Popconfirm
                title={t('aiProviders.clearKeyConfirm')}
                okText={t('aiProviders.clearKey')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => void clearKey()}
              >
                <Button size="small" danger loading={busy === 'clear'}>
                  {t('aiProviders.clearKey')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Form.Item>
        {!keyEnv && replacingKey && (
          <Form.Item name="apiKey" label={t('aiProviders.newKey')}>
            <Input.Password
              maxLength={1000}
              autoComplete="new-password"
              placeholder={t('aiProviders.newKeyHint')}
            />
          </Form.Item>
        )}
        <Space wrap>
          <Button type="primary" loading={busy === 'save'} onClick={() => void save()}>
            {t('common.save')}
          </Button>
          <Button loading={busy === 'test'} onClick={() => void test()}>
            {t('aiProviders.test')}
          </Button>
        </Space>
        {result && (
          <Alert
            className="admin-provider-result"
            data-testid="provider-test-result"
            showIcon
            type={result.ok ? 'success' : 'error'}
            title={
              result.ok
                ? t(`aiProviders.testOk.${kind}`, { model: result.model })
                : t('aiProviders.testFailed')
            }
            description={
              result.ok
                ? result.modelListed === false
                  ? t('aiProviders.modelNotListed', { model: result.model })
                  : undefined
                : result.status === null
                  ? result.message
                  : `HTTP ${result.status}: ${result.message}`
            }
          />
        )}
      </Form>
    </Card>
  );
}

export function AiProvidersTab() {
  const { t } = useAdminTranslation();
  const providers = useAiProviders();
  if (!providers.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const envSet = KINDS.some((kind) =>
    (['baseUrl', 'model', 'apiKey'] as const).some((f) => providers.data[kind][f].source === 'env'),
  );
  return (
    <div className="admin-providers">
      <Alert
        showIcon
        type={envSet ? 'warning' : 'info'}
        title={t('aiProviders.intro', { seconds: providers.data.cacheSeconds })}
        description={t('aiProviders.envWins')}
      />
      {KINDS.map((kind) => (
        // Keyed by what the server holds, so a save from elsewhere resets the form.
        <ProviderCard
          key={`${kind}:${JSON.stringify(providers.data[kind])}`}
          kind={kind}
          view={providers.data[kind]}
        />
      ))}
      {providers.data.speechProviders && <SpeechProvidersCard views={providers.data.speechProviders} t={t} />}
    </div>
  );
}
