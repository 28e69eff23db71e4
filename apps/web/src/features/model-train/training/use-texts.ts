import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';

/** The training panels' texts (namespace `model-train-training`). */
export function useTrainingTexts() {
  return useFeatureTranslation('model-train-training', texts);
}
