/** The Flappy Bird lab's own facts: defaults and limits of its settings. */
export const FLAPPY_LAB = {
  defaultSeed: 2024,
  maxSeed: 999_999,
  population: { default: 50, min: 10, max: 200, step: 10 },
  mutationRate: { default: 0.05, min: 0, max: 0.5, step: 0.01 },
  hidden: 6,
  /** A generation ends once a bird has passed this many pipes. */
  maxScore: 100,
  speeds: [1, 5, 20, 'max'] as const,
  /** At 'max', simulation steps run for at most this long per animation frame. */
  maxFrameBudgetMs: 12,
  /** After a crash, flaps are ignored this long so a last frantic tap does not restart at once. */
  restartDelayMs: 500,
} as const;

export type Speed = (typeof FLAPPY_LAB.speeds)[number];
export type Mode = 'play' | 'ai';

/** The seed from the address (`?seed=42`), so a lesson can be shared as a link; the default otherwise. */
export function parseSeed(value: string | null): number {
  const n = Number(value);
  const valid =
    value !== null && value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= FLAPPY_LAB.maxSeed;
  return valid ? n : FLAPPY_LAB.defaultSeed;
}
