import type { Language } from '@ai-edu/contract';
import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';

export const SLUG = 'imageFix';

/** The lab's `t` in any of its components (registering the texts is a no-op after the first call). */
export function useTexts() {
  const { t, tApp, language } = useLabTranslation(SLUG, texts);
  const lang: Language = language === 'en' ? 'en' : 'zh-CN';
  return { t, tApp, lang };
}

export type LabT = ReturnType<typeof useTexts>['t'];
