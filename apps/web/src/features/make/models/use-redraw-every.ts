import { useEffect, useState } from 'react';

/**
 * Draws the component again every `ms` while `source` stays the same: the views under the stage read a run's
 * session, which changes many times a second outside React, a few times a second is what a student can read.
 */
export function useRedrawEvery(ms: number, source: unknown): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(timer);
  }, [ms, source]);
}
