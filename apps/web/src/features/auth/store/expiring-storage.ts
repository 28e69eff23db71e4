/**
 * zustand `persist` storage whose saved login expires (spec §9: 43200 minutes). The clock starts when a session
 * is saved and is not renewed by later writes of the same session, so a stolen copy of localStorage stops
 * working when the server-side session would anyway.
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { KeyValueStore } from '../../../lib/storage.ts';

interface StoredEnvelope<S> extends StorageValue<S> {
  /** Epoch ms after which the saved state is dropped; null when no session is saved. */
  expiresAt: number | null;
}

/** When the saved state should expire after writing a state whose session is `nextSession`. */
export function nextExpiry(
  previous: { session: string; expiresAt: number | null } | null,
  nextSession: string,
  now: number,
  ttlMs: number,
): number | null {
  if (!nextSession) return null;
  if (previous && previous.session === nextSession && previous.expiresAt !== null) return previous.expiresAt;
  return now + ttlMs;
}

export function isExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt <= now;
}

export interface ExpiringStorageOptions<S> {
  store: KeyValueStore;
  ttlMs: number;
  /** The session identity inside the state; an empty string means "logged out". */
  sessionOf: (state: S) => string;
  now?: () => number;
}

export function createExpiringStorage<S>(options: ExpiringStorageOptions<S>): PersistStorage<S> {
  const { store, ttlMs, sessionOf, now = Date.now } = options;

  const read = (name: string): StoredEnvelope<S> | null => {
    const raw = store.getItem(name);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StoredEnvelope<S>;
    } catch {
      return null;
    }
  };

  return {
    getItem(name) {
      const envelope = read(name);
      if (!envelope) return null;
      if (isExpired(envelope.expiresAt ?? null, now())) {
        store.removeItem(name);
        return null;
      }
      return { state: envelope.state, version: envelope.version };
    },
    setItem(name, value) {
      const previous = read(name);
      const expiresAt = nextExpiry(
        previous ? { session: sessionOf(previous.state), expiresAt: previous.expiresAt ?? null } : null,
        sessionOf(value.state),
        now(),
        ttlMs,
      );
      const envelope: StoredEnvelope<S> = { ...value, expiresAt };
      store.setItem(name, JSON.stringify(envelope));
    },
    removeItem(name) {
      store.removeItem(name);
    },
  };
}

/**
 * Rehydrates persisted state but never waits longer than `timeoutMs` (spec §4: 5000 ms): a slow or broken
 * storage must not keep the app on its loading screen.
 */
export async function rehydrateWithin(
  rehydrate: () => Promise<void> | void,
  timeoutMs: number,
): Promise<'hydrated' | 'timeout' | 'failed'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve(rehydrate()).then(() => 'hydrated' as const), timeout]);
  } catch (error) {
    console.error('persisted state could not be restored', error);
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
