import type { Language } from '@ai-edu/contract';
import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';
import { SLUG } from './meta.ts';

/** The lab's `t` in any of its components (registering the texts is a no-op after the first call). */
export function useTexts() {
  const { t, tApp, language } = useLabTranslation(SLUG, texts);
  const lang: Language = language === 'en' ? 'en' : 'zh-CN';
  return { t, tApp, lang };
}

export type LabT = ReturnType<typeof useTexts>['t'];

/** "62 %" as the language writes it; "<1 %" rather than a misleading 0. */
export function formatPercent(value: number, lang: Language): string {
  const format = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  if (value > 0 && value < 0.005) return `<${format.format(0.01)}`;
  return format.format(value);
}
