import { useEffect, useRef, useState } from 'react';
import { NUMBER_ROLL_MS } from '@ai-edu/contract';
import { prefersReducedMotion } from '../lib/reduced-motion.ts';
import { rollValue } from './number-roll-math.ts';

interface NumberRollProps {
  value: number;
  /** Spec §9: 1000 ms by default. */
  duration?: number;
  className?: string;
}

/**
 * A number that rolls from its previous value to the new one (spec §2: the points balance). The first
 * value rolls up from 0; screen readers get the final value only.
 */
export function NumberRoll({ value, duration = NUMBER_ROLL_MS, className }: NumberRollProps) {
  const [shown, setShown] = useState(0);
  const shownRef = useRef(0);

  useEffect(() => {
    const from = shownRef.current;
    if (from === value) return;
    const total = prefersReducedMotion() ? 0 : duration;
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const next = rollValue(from, value, now - start, total);
      shownRef.current = next;
      setShown(next);
      if (next !== value) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value, duration]);

  return (
    <span className={className} data-value={value}>
      <span aria-hidden="true">{shown.toLocaleString()}</span>
      <span className="visually-hidden">{value.toLocaleString()}</span>
    </span>
  );
}
