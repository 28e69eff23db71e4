import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';

/** The cls page's texts (namespace `model-train-cls`). */
export function useClsTexts() {
  return useFeatureTranslation('model-train-cls', texts);
}
