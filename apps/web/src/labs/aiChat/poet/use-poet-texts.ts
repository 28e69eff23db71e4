import { useCallback } from 'react';
import { useLabTranslation, type LabTextKey } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';
import type { poetEn } from './i18n.ts';

/** The poet's texts (the lab's namespace, under `poet.`), keys checked against the English ones. */
export function usePoetTexts() {
  const { t: tLab, language } = useLabTranslation('aiChat', texts);
  const t = useCallback(
    (key: LabTextKey<typeof poetEn>, options?: Record<string, unknown>) => tLab(`poet.${key}`, options),
    [tLab],
  );
  return { t, language };
}

/** A probability as the page shows it: "42 %", "0.3 %". */
export function percent(p: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: p < 0.01 ? 1 : 0,
  }).format(p);
}
