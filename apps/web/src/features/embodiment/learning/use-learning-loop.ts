/**
 * The animation loop both learning panels run while Start is on (the maze and the physics line track): at the
 * slow speeds the steps a frame is owed (`stepsDue`, so 3 a second stays 3 at any frame rate), at top speed as
 * much as fits in the frame's slice; a redraw after each frame; the loop ends by itself at MAX_EPISODES.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { MAX_EPISODES, stepsDue, TOP_SPEED, type Speed } from './speeds.ts';

export function useLearningLoop(options: {
  running: boolean;
  speed: Speed;
  /** Steps a second at each slow speed. */
  perSecond: Record<Exclude<Speed, 'top'>, number>;
  /** What learns: a new one restarts the loop. */
  session: { readonly episodes: number };
  /** Top speed: learns until `overdue()` says the frame's slice is spent. */
  runTop: (overdue: () => boolean) => void;
  /** A slow speed: exactly this many steps. */
  runSteps: (steps: number) => void;
  /** After each frame's steps (the panel redraws). */
  onFrame: () => void;
  /** MAX_EPISODES reached: the panel stops. */
  onDone: () => void;
}): void {
  const { running, speed, session } = options;
  // The callbacks may be new each render; the loop reads the latest without restarting.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (!running) return;
    let frame = 0;
    let last: number | null = null;
    let carry = 0;
    const tick = (now: number) => {
      if (speed === 'top') {
        const deadline = performance.now() + TOP_SPEED.msPerFrame;
        latest.current.runTop(() => performance.now() > deadline);
      } else if (last !== null) {
        const due = stepsDue(latest.current.perSecond[speed], now - last, carry);
        carry = due.carry;
        latest.current.runSteps(due.steps);
      }
      last = now;
      latest.current.onFrame();
      if (session.episodes >= MAX_EPISODES) latest.current.onDone();
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, speed, session]);
}
