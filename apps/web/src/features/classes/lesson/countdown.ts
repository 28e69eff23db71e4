/** Time left in a lesson, as the panel's live countdown shows it. */

/** Milliseconds until `endsAt`, never below zero. */
export function msLeft(endsAt: string, now: number): number {
  return Math.max(0, new Date(endsAt).getTime() - now);
}

/** `m:ss` under an hour, `h:mm:ss` from one hour; seconds rounded up so 0:00 means really over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** A lesson's share of its window already gone, 0–100, for a progress bar. */
export function percentDone(startsAt: string, endsAt: string, now: number): number {
  const start = new Date(startsAt).getTime();
  const span = new Date(endsAt).getTime() - start;
  if (!(span > 0)) return 100;
  return Math.min(100, Math.max(0, ((now - start) / span) * 100));
}
