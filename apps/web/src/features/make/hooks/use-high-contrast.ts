/**
 * Whether the studio shows its blocks in the high-contrast theme (blocks/workspace-tools.ts): the toolbar's
 * switch, remembered in this browser (a student who needs it should not have to switch it on every visit).
 */
import { useCallback, useState } from 'react';
import { safeStorage } from '../../../lib/storage.ts';

export const HIGH_CONTRAST_KEY = 'make.highContrast';

export function useHighContrast(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => safeStorage.getItem(HIGH_CONTRAST_KEY) === 'on');
  const set = useCallback((next: boolean) => {
    setOn(next);
    if (next) safeStorage.setItem(HIGH_CONTRAST_KEY, 'on');
    else safeStorage.removeItem(HIGH_CONTRAST_KEY);
  }, []);
  return [on, set];
}
