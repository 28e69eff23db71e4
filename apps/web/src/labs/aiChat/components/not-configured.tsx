import { ProviderNotConfigured } from '../../../components/provider-not-configured.tsx';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';

/** Shown instead of the chat when the server has no chat provider. */
export function NotConfigured() {
  const { t } = useLabTranslation('aiChat', texts);
  return (
    <ProviderNotConfigured
      className="chat-not-configured"
      title={t('notConfigured.title')}
      text={t('notConfigured.text')}
      adminText={t('notConfigured.adminText')}
      settings={[
        ['AI_CHAT_BASE_URL', t('notConfigured.baseUrl')],
        ['AI_CHAT_API_KEY', t('notConfigured.apiKey')],
        ['AI_CHAT_MODEL', t('notConfigured.model')],
      ]}
      docs={t('notConfigured.docs')}
    />
  );
}
