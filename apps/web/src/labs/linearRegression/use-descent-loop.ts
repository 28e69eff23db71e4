import { useEffect, type Dispatch } from 'react';
import type { Action } from './model.ts';

/** Frames can be far apart (a background tab): never more steps than this in one go. */
const MAX_STEPS_PER_FRAME = 60;
/** At most this many redraws a second: fast speeds take several steps per redraw instead. */
const MAX_RENDERS_PER_SECOND = 30;

/**
 * While `running`, advances gradient descent at `stepsPerSecond` on animation frames (the first step
 * right away, so 'Play' answers at once even at the slowest speed). Stops with the component.
 */
export function useDescentLoop(running: boolean, stepsPerSecond: number, dispatch: Dispatch<Action>) {
  useEffect(() => {
    if (!running) return;
    let frame = 0;
    let last = performance.now();
    let carry = 1;
    let lastRender = -Infinity;
    const tick = (now: number) => {
      carry += ((now - last) / 1000) * stepsPerSecond;
      last = now;
      const steps = Math.floor(carry);
      if (steps > 0 && now - lastRender >= 1000 / MAX_RENDERS_PER_SECOND - 2) {
        carry -= steps;
        lastRender = now;
        dispatch({ type: 'advance', steps: Math.min(steps, MAX_STEPS_PER_FRAME) });
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, stepsPerSecond, dispatch]);
}
