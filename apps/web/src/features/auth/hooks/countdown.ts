/**
 * Whole seconds left until `endsAt` (epoch ms), between 0 and `maxSeconds`. The cap hides a stale clock
 * reading between starting a countdown and its first tick.
 */
export function secondsLeft(endsAt: number | null, now: number, maxSeconds: number): number {
  if (endsAt === null) return 0;
  return Math.min(maxSeconds, Math.max(0, Math.ceil((endsAt - now) / 1000)));
}
