import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { sharingTexts } from './i18n.ts';

/** The sharing texts (namespace `makeSharing`), re-rendering on a language switch. */
export function useSharingTexts() {
  return useFeatureTranslation('makeSharing', sharingTexts);
}
