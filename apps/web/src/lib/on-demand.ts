/**
 * Code the first page does not need (the user menu, the phone drawer, toasts): fetched on first use, or when
 * the browser is idle after the page shows, never before. `load` runs at most once while it succeeds; every
 * caller and every React.lazy built on it shares the same promise, so a component that is already loaded
 * shows at once. A failed load (the network dropped) is forgotten, so the next call tries again.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** Runs `preload` once the browser has nothing better to do (a timeout where requestIdleCallback is missing). */
export function whenIdle(preload: () => unknown): () => void {
  const run = () => void preload();
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 1500);
  return () => window.clearTimeout(timer);
}
