import { describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '@ai-edu/contract';
import type { KeyValueStore } from '../../../lib/storage.ts';
import { createExpiringStorage, isExpired, nextExpiry, rehydrateWithin } from './expiring-storage.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

interface State {
  users: { uid: string };
}

describe('persisted login expiry', () => {
  it('starts the clock when a session is saved and keeps it for later writes of that session', () => {
    expect(nextExpiry(null, 'uid-1', 1000, 50)).toBe(1050);
    expect(nextExpiry({ session: 'uid-1', expiresAt: 1050 }, 'uid-1', 1040, 50)).toBe(1050);
    expect(nextExpiry({ session: 'uid-1', expiresAt: 1050 }, 'uid-2', 1040, 50)).toBe(1090);
    expect(nextExpiry({ session: 'uid-1', expiresAt: 1050 }, '', 1040, 50)).toBeNull();
  });

  it('expires exactly at the deadline', () => {
    expect(isExpired(null, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isExpired(100, 99)).toBe(false);
    expect(isExpired(100, 100)).toBe(true);
  });

  it('drops a saved login older than 43200 minutes', () => {
    const store = memoryStore();
    let now = 0;
    const storage = createExpiringStorage<State>({
      store,
      ttlMs: SESSION_TTL_MS,
      sessionOf: (s) => s.users.uid,
      now: () => now,
    });
    storage.setItem('root', { state: { users: { uid: 'u1' } }, version: 1 });

    now = 43200 * 60_000 - 1;
    expect(storage.getItem('root')).toEqual({ state: { users: { uid: 'u1' } }, version: 1 });

    now = 43200 * 60_000;
    expect(storage.getItem('root')).toBeNull();
    expect(store.data.has('root')).toBe(false);
  });

  it('keeps a logged-out state without expiry and survives corrupt data', () => {
    const store = memoryStore();
    const storage = createExpiringStorage<State>({
      store,
      ttlMs: 10,
      sessionOf: (s) => s.users.uid,
      now: () => 0,
    });
    storage.setItem('root', { state: { users: { uid: '' } }, version: 1 });
    expect(JSON.parse(store.data.get('root') ?? '{}')).toMatchObject({ expiresAt: null });
    store.data.set('root', '{not json');
    expect(storage.getItem('root')).toBeNull();
  });
});

describe('rehydration timeout', () => {
  it('reports hydration that finishes in time', async () => {
    await expect(rehydrateWithin(() => Promise.resolve(), 50)).resolves.toBe('hydrated');
  });

  it('gives up after the timeout', async () => {
    await expect(rehydrateWithin(() => new Promise<void>(() => {}), 10)).resolves.toBe('timeout');
  });

  it('carries on when hydration throws', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      await expect(rehydrateWithin(() => Promise.reject(new Error('boom')), 50)).resolves.toBe('failed');
    } finally {
      console.error = original;
    }
  });
});
