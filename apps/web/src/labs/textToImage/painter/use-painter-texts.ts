import { useCallback } from 'react';
import { useLabTranslation, type LabTextKey } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';
import type { painterEn } from './i18n.ts';

/** The tiny painter's texts (the lab's namespace, under `painter.`), keys checked against the English ones. */
export function usePainterTexts() {
  const { t: tLab, language } = useLabTranslation('textToImage', texts);
  const t = useCallback(
    (key: LabTextKey<typeof painterEn>, options?: Record<string, unknown>) => tLab(`painter.${key}`, options),
    [tLab],
  );
  const percent = useCallback(
    (share: number) => new Intl.NumberFormat(language, { style: 'percent' }).format(share),
    [language],
  );
  return { t, language, percent };
}
