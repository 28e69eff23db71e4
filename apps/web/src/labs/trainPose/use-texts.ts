import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';
import { SLUG } from './meta.ts';

export function useTexts() {
  return useLabTranslation(SLUG, texts);
}
