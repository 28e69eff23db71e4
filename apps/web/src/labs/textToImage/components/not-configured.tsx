import { ProviderNotConfigured } from '../../../components/provider-not-configured.tsx';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';

/** Shown instead of the painting form when the server has no image provider. */
export function NotConfigured() {
  const { t } = useLabTranslation('textToImage', texts);
  return (
    <ProviderNotConfigured
      className="paint-not-configured"
      title={t('notConfigured.title')}
      text={t('notConfigured.text')}
      adminText={t('notConfigured.adminText')}
      settings={[
        ['AI_IMAGE_BASE_URL', t('notConfigured.baseUrl')],
        ['AI_IMAGE_API_KEY', t('notConfigured.apiKey')],
        ['AI_IMAGE_MODEL', t('notConfigured.model')],
      ]}
      docs={t('notConfigured.docs')}
    />
  );
}
