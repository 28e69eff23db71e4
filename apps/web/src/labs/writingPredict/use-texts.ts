import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';

export const SLUG = 'writingPredict';

/** The lab's `t` in any of its components (registering the texts is a no-op after the first call). */
export function useTexts() {
  return useLabTranslation(SLUG, texts);
}

export type LabT = ReturnType<typeof useTexts>['t'];
