import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';

/** The detection page's texts (namespace `model-train-det`). */
export function useDetTexts() {
  return useFeatureTranslation('model-train-det', texts);
}
