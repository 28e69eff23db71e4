/** The lab's hooks: its texts, and the running experiment shared through context. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import { useLabTranslation } from '../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';
import { SLUG } from './meta.ts';
import type { PlaygroundStore, Snapshot } from './playground-store.ts';

export function useTexts() {
  return useLabTranslation(SLUG, texts);
}

export type Translate = ReturnType<typeof useTexts>['t'];

export const StoreContext = createContext<PlaygroundStore | null>(null);

export function useStore(): PlaygroundStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside the playground');
  return store;
}

/**
 * A part of the current snapshot; the component re-renders only when that part changes (a primitive, or an
 * object the store replaces when it changes), so the controls stay still while the maps animate.
 */
export function useSnapshot<T>(select: (snapshot: Snapshot) => T): T {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getSnapshot()));
}

/** A loss for display: three decimals, a dash when there is nothing to measure. */
export function formatLoss(value: number): string {
  return Number.isFinite(value) ? value.toFixed(3) : '–';
}

/** The epoch as a counter, "000,123" (at least six digits, grouped by three). */
export function formatEpoch(epoch: number): string {
  return String(epoch)
    .padStart(6, '0')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
