/**
 * Trying again after a failure that may pass by itself (a busy server, a network hiccup): 1 s, 2 s, 4 s … up
 * to 30 s between attempts, for as long as it takes. A server that says when to come back (Retry-After) is
 * believed, within reason.
 */
export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** The longest Retry-After taken at its word. */
export const RETRY_AFTER_MAX_MS = 5 * 60_000;

/** The wait before attempt `retry + 1`, where `retry` counts the failures so far from 0. */
export function backoffDelayMs(retry: number, retryAfterMs: number | null = null): number {
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, 0), RETRY_AFTER_MAX_MS);
  return Math.min(BACKOFF_FIRST_MS * 2 ** retry, BACKOFF_MAX_MS);
}

/** A Retry-After header in seconds (our server's form), in ms; null when absent or in another form. */
export function parseRetryAfter(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  return Number(header) * 1_000;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** Whether to try again after this error; asked again after the wait (things may have changed meanwhile). */
  shouldRetry: (error: unknown) => boolean;
  /** Called before each wait. */
  onRetry?: (error: unknown, delayMs: number) => void;
  /** How long the error itself says to wait (a 429's Retry-After), if it says. */
  retryAfterMs?: (error: unknown) => number | null;
  /** Injectable for tests. */
  wait?: (ms: number) => Promise<void>;
}

/** Runs `task` until it succeeds, or throws the first error `shouldRetry` refuses. */
export async function retryWithBackoff<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { shouldRetry, onRetry, retryAfterMs = () => null, wait = sleep } = options;
  for (let retry = 0; ; retry += 1) {
    try {
      return await task();
    } catch (error) {
      if (!shouldRetry(error)) throw error;
      const delayMs = backoffDelayMs(retry, retryAfterMs(error));
      onRetry?.(error, delayMs);
      await wait(delayMs);
      if (!shouldRetry(error)) throw error;
    }
  }
}
