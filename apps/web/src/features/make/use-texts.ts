import { useFeatureTranslation } from '../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';

/** The studio's texts (namespace `make`), re-rendering on a language switch. */
export function useMakeTexts() {
  return useFeatureTranslation('make', texts);
}
