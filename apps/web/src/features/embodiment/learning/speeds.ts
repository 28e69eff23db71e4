/**
 * How fast the lesson runs. The slow speeds are steps per second, so a student can follow each move; top
 * speed runs whole episodes, as many as fit in a slice of each animation frame.
 */
export const SPEEDS = ['watch', 'walk', 'fast', 'top'] as const;
export type Speed = (typeof SPEEDS)[number];

export const STEPS_PER_SECOND: Record<Exclude<Speed, 'top'>, number> = { watch: 3, walk: 20, fast: 600 };

/** Top speed: at most this many episodes, and this many milliseconds, per animation frame. */
export const TOP_SPEED = { episodesPerFrame: 50, msPerFrame: 8 } as const;

/** A session stops by itself after this many tries: the lesson is long over, and memory stays small. */
export const MAX_EPISODES = 50_000;

/**
 * The whole steps due after `elapsedMs` at `perSecond`, carrying the fraction over to the next frame so
 * 3 steps a second stays 3 at any frame rate. A long pause (a hidden tab) counts as at most `maxMs`.
 */
export function stepsDue(
  perSecond: number,
  elapsedMs: number,
  carry: number,
  maxMs = 250,
): { steps: number; carry: number } {
  const owed = carry + (perSecond * Math.min(Math.max(elapsedMs, 0), maxMs)) / 1000;
  const steps = Math.floor(owed);
  return { steps, carry: owed - steps };
}
