import type { Language } from '@ai-edu/contract';
import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';
import { SLUG } from './meta.ts';

/** The lab's `t` in any of its components. */
export function useTexts() {
  const { t, tApp, language } = useLabTranslation(SLUG, texts);
  const lang: Language = language === 'en' ? 'en' : 'zh-CN';
  return { t, tApp, lang };
}

export type LabT = ReturnType<typeof useTexts>['t'];

export function formatPercent(value: number, lang: Language): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}
