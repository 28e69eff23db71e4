/**
 * Content the platform ships (seeded courses, the demo event and contacts) carries English and Chinese;
 * this picks the UI language's copy at render time, so switching language needs no refetch. A school's own
 * content has no translations and shows as written.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localized, type Translations } from '@ai-edu/contract';

export function useLocalized() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    <T extends { translations?: Translations<string> | null }>(item: T): T => localized(item, language),
    [language],
  );
}
