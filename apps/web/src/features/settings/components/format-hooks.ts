import { useTranslation } from 'react-i18next';
import { durationParts } from '../format.ts';

/** Date and time in the UI language. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => format.format(new Date(iso));
}

export function useDuration(): (ms: number | null) => string {
  const { t } = useTranslation();
  return (ms) => {
    const parts = durationParts(ms);
    if (!parts) return t('settings.stillOpen');
    if (parts.h > 0) return t('settings.durationHours', parts);
    if (parts.m > 0) return t('settings.durationMinutes', parts);
    return t('settings.durationSeconds', parts);
  };
}
