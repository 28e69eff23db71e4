import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@ai-edu/contract';
import { loadRuntimeConfig } from '../../config/runtime-config.ts';
import { HttpError } from '../../lib/api-client.ts';
import type * as replySchemas from './api/reply-schemas.ts';
import { completeLogin, runLoginCheck, sessionRejected } from './session.ts';
import { emptyUsers, useAuthStore } from './store/auth-store.ts';
import { useLoginPop } from './store/login-pop-store.ts';

/** How many of the next loads of the reply schemas' chunk fail, as a dropped connection makes them. */
const chunk = vi.hoisted(() => ({ failures: 0 }));
vi.mock('./api/reply-schemas.ts', async (importOriginal) => {
  const real = await importOriginal<typeof replySchemas>();
  return {
    loadAuthSchemas: () => {
      if (chunk.failures === 0) return real.loadAuthSchemas();
      chunk.failures -= 1;
      return Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/auth-schemas.js'),
      );
    },
  };
});

const info: UserInfo = {
  account: 'learner@example.com',
  uid: 'uid-1',
  accountType: 'personal',
  authInfo: { vip: 1, account_type: 'personal', left_valid_time: 0, company_name: '' },
  company_auth: 0,
  company_name: '',
  quotaInfo: { total_balance: 10 },
  role: 'user',
  labs: [],
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const ok = () => json(200, { status: 1, message: 'ok', data: info });

/** getUserInfo's answers, one per request, in order. */
function serverAnswers(...answers: Array<() => Response | Promise<Response>>) {
  const fetchMock = vi.fn(() => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return Promise.resolve(next());
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The waits asked for, each with what the app showed meanwhile; resolves at once (no real time passes). */
function recordWaits() {
  const waits: Array<{ ms: number; status: string; retrying: boolean; uid: string; modal: boolean }> = [];
  const wait = (ms: number) => {
    const s = useAuthStore.getState();
    waits.push({
      ms,
      status: s.status,
      retrying: s.retrying,
      uid: s.users.uid,
      modal: useLoginPop.getState().isLoginModalOpen,
    });
    return Promise.resolve();
  };
  return { waits, wait };
}

function storeSession(uid: string) {
  useAuthStore.setState({ users: { ...emptyUsers, uid }, status: 'loading', role: null, retrying: false });
}

beforeAll(async () => {
  const config = { accountBaseUrl: 'http://account.test', accountSignKey: 'k', clientSecret: 's' };
  await loadRuntimeConfig(() => Promise.resolve(json(200, { status: 1, message: 'ok', data: config })));
});

beforeEach(() => {
  useLoginPop.getState().closeLoginModal();
  chunk.failures = 0;
  // The failures below are expected; their logs would only bury the test output.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sessionRejected', () => {
  it('is true only for a 401', () => {
    expect(sessionRejected(new HttpError(401, null))).toBe(true);
    for (const status of [400, 403, 404, 429, 500, 502, 503]) {
      expect(sessionRejected(new HttpError(status, null))).toBe(false);
    }
    expect(sessionRejected(new TypeError('Failed to fetch'))).toBe(false);
    expect(sessionRejected(new Error('anything'))).toBe(false);
  });
});

describe('login check with a stored session', () => {
  it('ends the session on a 401: cleared, login modal, unauthenticated, no retry', async () => {
    storeSession('uid-1');
    serverAnswers(() => json(401, { status: -1, message: 'please log in', data: null }));
    const { waits, wait } = recordWaits();

    await runLoginCheck(new QueryClient(), { kind: 'stored', uid: 'uid-1' }, wait);

    const s = useAuthStore.getState();
    expect(s.users.uid).toBe('');
    expect(s.status).toBe('unauthenticated');
    expect(s.retrying).toBe(false);
    expect(useLoginPop.getState().isLoginModalOpen).toBe(true);
    expect(waits).toEqual([]);
  });

  const transient: Array<[string, () => Response | Promise<Response>, number?]> = [
    [
      'a 429 (waiting what its Retry-After says)',
      () => json(429, { message: 'slow down' }, { 'Retry-After': '7' }),
      7000,
    ],
    ['a 500', () => json(500, { status: -1, message: 'server error', data: null })],
    ['a 503', () => new Response('Service Unavailable', { status: 503 })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a reply of an unexpected shape', () => json(200, { status: 1, message: 'ok', data: { account: 42 } })],
    ['a reply without data', () => json(200, { status: 0, message: 'busy', data: null })],
  ];

  it.each(transient)(
    'keeps the session through %s, shows the retrying state and recovers',
    async (_, fail, ms) => {
      storeSession('uid-1');
      const fetchMock = serverAnswers(fail, ok);
      const { waits, wait } = recordWaits();

      await runLoginCheck(new QueryClient(), { kind: 'stored', uid: 'uid-1' }, wait);

      expect(waits).toEqual([
        { ms: ms ?? 1000, status: 'loading', retrying: true, uid: 'uid-1', modal: false },
      ]);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      const s = useAuthStore.getState();
      expect(s.status).toBe('authenticated');
      expect(s.retrying).toBe(false);
      expect(s.users.uid).toBe('uid-1');
      expect(s.users.data?.account).toBe('learner@example.com');
      expect(useLoginPop.getState().isLoginModalOpen).toBe(false);
    },
  );

  it('keeps the session through a failed chunk load and recovers', async () => {
    storeSession('uid-1');
    chunk.failures = 1;
    serverAnswers(ok, ok);
    const { waits, wait } = recordWaits();

    await runLoginCheck(new QueryClient(), { kind: 'stored', uid: 'uid-1' }, wait);

    expect(waits).toEqual([{ ms: 1000, status: 'loading', retrying: true, uid: 'uid-1', modal: false }]);
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', retrying: false });
    expect(useAuthStore.getState().users.uid).toBe('uid-1');
    expect(useLoginPop.getState().isLoginModalOpen).toBe(false);
  });

  it('backs off 1 s, 2 s, 4 s … and still ends the session if a retry gets a 401', async () => {
    storeSession('uid-1');
    const down = () => json(503, { message: 'busy' });
    serverAnswers(down, down, down, () => json(401, { message: 'please log in' }));
    const { waits, wait } = recordWaits();

    await runLoginCheck(new QueryClient(), { kind: 'stored', uid: 'uid-1' }, wait);

    expect(waits.map((w) => w.ms)).toEqual([1000, 2000, 4000]);
    expect(useAuthStore.getState()).toMatchObject({ status: 'unauthenticated', retrying: false });
    expect(useAuthStore.getState().users.uid).toBe('');
    expect(useLoginPop.getState().isLoginModalOpen).toBe(true);
  });

  it('stops retrying once another flow took the session over while it waited', async () => {
    storeSession('uid-1');
    const fetchMock = serverAnswers(() => json(503, { message: 'busy' }));
    const wait = () => {
      // A 401 to another request ended the session meanwhile (main.tsx's onUnauthorized).
      useAuthStore.getState().clearSession();
      useAuthStore.getState().setStatus('unauthenticated');
      return Promise.resolve();
    };

    await runLoginCheck(new QueryClient(), { kind: 'stored', uid: 'uid-1' }, wait);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({ status: 'unauthenticated', retrying: false });
  });
});

describe('completeLogin', () => {
  it('puts back the signed-in session when the new one cannot load its user info', async () => {
    useAuthStore.setState({
      users: { ...emptyUsers, uid: 'uid-1', data: info, accountType: 'personal' },
      status: 'authenticated',
      role: 'student',
    });
    serverAnswers(() => json(503, { message: 'busy' }));

    await expect(completeLogin(new QueryClient(), 'uid-2')).rejects.toThrow(HttpError);

    const s = useAuthStore.getState();
    expect(s.status).toBe('authenticated');
    expect(s.users.uid).toBe('uid-1');
    expect(s.users.data?.account).toBe('learner@example.com');
    expect(s.role).toBe('student');
  });

  it('leaves no session when there was none before', async () => {
    useAuthStore.setState({ users: emptyUsers, status: 'unauthenticated', role: null });
    serverAnswers(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(completeLogin(new QueryClient(), 'uid-2')).rejects.toThrow(TypeError);

    expect(useAuthStore.getState()).toMatchObject({ status: 'unauthenticated', users: emptyUsers });
  });
});
