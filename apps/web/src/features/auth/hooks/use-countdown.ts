import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown.ts';

/** Re-renders while `endsAt` is in the future and returns the whole seconds left (at most `maxSeconds`). */
export function useCountdown(endsAt: number | null, maxSeconds: number): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  return secondsLeft(endsAt, now, maxSeconds);
}
