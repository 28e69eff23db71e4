import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';

export const SLUG = 'trainAudio';

/** The lab's `t` in any of its components. */
export function useTexts() {
  return useLabTranslation(SLUG, texts);
}

export type LabT = ReturnType<typeof useTexts>['t'];
