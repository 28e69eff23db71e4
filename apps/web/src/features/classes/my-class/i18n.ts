import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { myClassTexts } from './texts.ts';

export const MY_CLASS_NAMESPACE = 'my-class';

/** The feature's own `t` (texts registered on first use, so they load with the code that shows them). */
export function useMyClassTranslation() {
  return useFeatureTranslation(MY_CLASS_NAMESPACE, myClassTexts);
}
