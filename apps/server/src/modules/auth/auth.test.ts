import { randomBytes } from 'node:crypto';
import { hourlySecret, passwordDigest } from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { exportSPKI, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedisRateLimiter, type RateLimiter } from '../../lib/rate-limiter.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createUser } from '../admin/service.ts';
import { AuthService } from './service.ts';
import type { SsoService } from './sso.ts';

interface ProductReply<T = unknown> {
  status: number;
  message: string;
  data: T;
}

let database: TestDatabase;
let t: TestApp;
let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  t = await createTestApp({}, database);
});
afterEach(() => t.close());

async function makeUser(
  account: string,
  password: string,
  extra: { vip?: number; days?: number; company?: string; credits?: number } = {},
) {
  return createUser(
    t.database.db,
    { account, password, vip: extra.vip ?? 0, admin: false, ...extra },
    t.clock.now(),
  );
}

async function userInfo(uid: string, secret = t.config.secrets.clientSecret) {
  return t.post('/api/user/getUserInfo', { secret, user_id: uid });
}

describe('password login (login_zm)', () => {
  it('logs in with the SHA-256 digest and returns an opaque uid that resolves to the user', async () => {
    const account = `${unique('zm')}@example.com`;
    await makeUser(account, 'Abcd1234', { vip: 2, days: 365, company: 'No.1 Middle School', credits: 50 });
    const res = await t.post('/api/login_zm', {
      account,
      password: passwordDigest('Abcd1234'),
      auth_type: 'email',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<ProductReply<{ uid: string }>>();
    expect(body.status).toBe(1);
    expect(body.data.uid).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await userInfo(body.data.uid);
    expect(info.statusCode).toBe(200);
    expect(info.json<ProductReply>().data).toMatchObject({
      account,
      uid: body.data.uid,
      accountType: '校园账号',
      authInfo: {
        vip: 2,
        account_type: '校园账号',
        left_valid_time: 365,
        company_name: 'No.1 Middle School',
      },
      company_name: 'No.1 Middle School',
      company_auth: 1,
      quotaInfo: { total_balance: 50 },
    });
  });

  it('answers a wrong password or unknown account with status 0 and the same message', async () => {
    const account = `${unique('wrong')}@example.com`;
    await makeUser(account, 'Abcd1234');
    const wrong = await t.post('/api/login_zm', {
      account,
      password: passwordDigest('Nope12345'),
      auth_type: 'email',
    });
    const unknown = await t.post('/api/login_zm', {
      account: `${unique('ghost')}@example.com`,
      password: passwordDigest('Abcd1234'),
      auth_type: 'email',
    });
    expect(wrong.json<ProductReply>()).toMatchObject({
      status: 0,
      message: 'account or password wrong',
      data: null,
    });
    expect(unknown.json<ProductReply>()).toEqual(wrong.json<ProductReply>());
  });

  it('refuses a raw password on the wire with a 400 naming the field', async () => {
    const res = await t.post('/api/login_zm', { account: 'x@example.com', password: 'Abcd1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ProductReply>().message).toMatch(/password/);
  });

  it('limits failures per account (429), and a success resets nothing for other accounts', async () => {
    const limited = await createTestApp({ LIMIT_LOGIN_FAILURES_PER_ACCOUNT_15MIN: '3' }, database);
    try {
      const account = `${unique('brute')}@example.com`;
      await makeUser(account, 'Abcd1234');
      for (let i = 0; i < 3; i++) {
        const res = await limited.post('/api/login_zm', {
          account,
          password: passwordDigest(`Wrong${i}xyz`),
        });
        expect(res.json<ProductReply>().status).toBe(0);
      }
      const blocked = await limited.post('/api/login_zm', { account, password: passwordDigest('Abcd1234') });
      expect(blocked.statusCode).toBe(429);
      limited.clock.advance(15 * 60_000 + 1);
      const after = await limited.post('/api/login_zm', { account, password: passwordDigest('Abcd1234') });
      expect(after.json<ProductReply>().status).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('past the per-IP limit, gives each account with no failure one try and refuses the rest', async () => {
    const limited = await createTestApp({ LIMIT_LOGIN_FAILURES_PER_IP_15MIN: '2' }, database);
    try {
      const spray = (account: string) => limited.post('/api/login_zm', { account, password: 'f'.repeat(64) });
      for (let i = 0; i < 2; i++) await spray(`${unique('ip')}@example.com`);
      const fresh = `${unique('ip')}@example.com`;
      expect((await spray(fresh)).json<ProductReply>().status).toBe(0);
      const again = await spray(fresh);
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe(String(15 * 60));
      expect(again.json<ProductReply>().message).toBe(
        'too many failed sign-ins, try again later; minutes to wait: 15',
      );
    } finally {
      await limited.close();
    }
  });
});

describe('student login (login_stu)', () => {
  it('accepts the hourly secret of this and the previous hour in UTC+8, not older', async () => {
    const account = `${unique('tom')}@school`;
    await makeUser(account, 'Stud1234', { vip: 1 });
    const form = (at: Date) => ({
      account,
      password: passwordDigest('Stud1234'),
      secret: hourlySecret(t.config.secrets.clientSecret, at),
    });
    const now = t.clock.now();
    expect((await t.post('/api/login_stu', form(now))).json<ProductReply>().status).toBe(1);
    expect(
      (await t.post('/api/login_stu', form(new Date(now.getTime() - 3600_000)))).json<ProductReply>().status,
    ).toBe(1);
    const stale = await t.post('/api/login_stu', form(new Date(now.getTime() - 2 * 3600_000)));
    expect(stale.json<ProductReply>()).toMatchObject({
      status: 0,
      message: 'client secret invalid, check the device clock',
    });
    const forged = await t.post('/api/login_stu', {
      ...form(now),
      secret: hourlySecret('not-the-secret', now),
    });
    expect(forged.json<ProductReply>().status).toBe(0);
    const nextHour = await t.post('/api/login_stu', form(new Date(now.getTime() + 3600_000)));
    expect(nextHour.json<ProductReply>().message).toBe('client secret invalid, check the device clock');
  });

  it('signs in with one (account, secret) once a minute, and a retry after a mistyped password works', async () => {
    const account = `${unique('sam')}@school`;
    await makeUser(account, 'Stud1234', { vip: 1 });
    const secret = hourlySecret(t.config.secrets.clientSecret, t.clock.now());
    const login = (password: string) =>
      t.post('/api/login_stu', { account, password: passwordDigest(password), secret });
    // The web client sends the same secret when the pupil tries again after a typo.
    expect((await login('Stud1235')).json<ProductReply>().status).toBe(0);
    expect((await login('Stud1234')).json<ProductReply>().status).toBe(1);
    const replay = await login('Stud1234');
    expect(replay.statusCode).toBe(429);
    expect(Number(replay.headers['retry-after'])).toBeGreaterThan(0);
    expect(replay.json<ProductReply>()).toMatchObject({
      status: 0,
      message: 'operation too frequent, try later',
    });
    t.clock.advance(61_000);
    expect((await login('Stud1234')).json<ProductReply>().status).toBe(1);
  });

  it('gives students their own failure message', async () => {
    const res = await t.post('/api/login_stu', {
      account: `${unique('amy')}@school`,
      password: passwordDigest('Wrong1234'),
      secret: hourlySecret(t.config.secrets.clientSecret, t.clock.now()),
    });
    expect(res.json<ProductReply>()).toMatchObject({
      status: 0,
      message: 'student account or password wrong; ask your teacher to reset it',
    });
  });
});

/** A password login from a given client address (the app sees `request.ip`). */
function loginFrom(app: TestApp, ip: string, account: string, password: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/login_zm',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    payload: new URLSearchParams({ account, password: passwordDigest(password) }).toString(),
  });
}

// The race runs on the in-memory limiter and, when REDIS_URL is set, on Redis (real time, own prefix).
const limiterKinds: [string, () => RateLimiter | undefined][] = [['memory', () => undefined]];
if (process.env.REDIS_URL) {
  limiterKinds.push([
    'redis',
    () => new RedisRateLimiter(process.env.REDIS_URL!, `test:${randomBytes(4).toString('hex')}:`),
  ]);
}

describe.each(limiterKinds)('sign-in limits under concurrency (%s)', (_name, makeLimiter) => {
  it('checks at most the limits of 200 racing wrong passwords, from one address or from many', async () => {
    const limiter = makeLimiter();
    const s = await createTestApp({}, database, { limiter });
    try {
      const account = `${unique('race')}@example.com`;
      await createUser(s.database.db, { account, password: 'Abcd1234', vip: 0, admin: false }, s.clock.now());
      // Every answer that is not 429 went through the hash check.
      const checked = (answers: { statusCode: number }[]) =>
        answers.filter((a) => a.statusCode !== 429).length;

      const fromOne = await Promise.all(
        Array.from({ length: 200 }, (_, i) => loginFrom(s, '198.51.100.7', account, `Wrong${i}xyz`)),
      );
      expect(checked(fromOne)).toBe(s.config.limits.loginFailuresPerAccountIp15Min);

      const fromMany = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          loginFrom(s, `10.${Math.floor(i / 250)}.${i % 250}.9`, account, `Wrong${i}abc`),
        ),
      );
      // The first address's failures count for the account too: 10 in all were ever checked.
      expect(checked(fromOne) + checked(fromMany)).toBe(s.config.limits.loginFailuresPerAccount15Min);

      // Locked for strangers, with the time to wait, even with the right password.
      const locked = await loginFrom(s, '192.0.2.99', account, 'Abcd1234');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.json<ProductReply>().message).toMatch(/^too many failed sign-ins.*minutes to wait: \d+$/);
    } finally {
      await s.close();
      await limiter?.close();
    }
  });

  // Issue 25 item 3: a class signing in to one shared account at once. Checks in flight that then succeed
  // must not refuse anyone; only failures count against the limits.
  it('signs in 50 racing correct passwords of one account from one address, all of them', async () => {
    const limiter = makeLimiter();
    const s = await createTestApp({}, database, { limiter });
    try {
      const account = `${unique('shared')}@example.com`;
      await createUser(s.database.db, { account, password: 'Abcd1234', vip: 0, admin: false }, s.clock.now());
      const logins = await Promise.all(
        Array.from({ length: 50 }, () => loginFrom(s, '203.0.113.80', account, 'Abcd1234')),
      );
      expect(logins.map((r) => r.statusCode)).toEqual(logins.map(() => 200));
      expect(logins.map((r) => r.json<ProductReply>().status)).toEqual(logins.map(() => 1));
      expect(new Set(logins.map((r) => r.json<ProductReply<{ uid: string }>>().data.uid)).size).toBe(50);
    } finally {
      await s.close();
      await limiter?.close();
    }
  });

  it('signs in every racing correct password beside racing wrong ones, and limits the wrong ones exactly', async () => {
    const limiter = makeLimiter();
    const s = await createTestApp({}, database, { limiter });
    try {
      const { loginFailuresPerAccountIp15Min: perPair } = s.config.limits;
      const account = `${unique('mixed')}@example.com`;
      await createUser(s.database.db, { account, password: 'Abcd1234', vip: 0, admin: false }, s.clock.now());
      const outcome = (r: { statusCode: number; json: <T>() => T }) =>
        r.statusCode === 429 ? 'refused' : r.json<ProductReply>().status === 1 ? 'signed in' : 'wrong';

      // A class at school while a stranger guesses from elsewhere: the stranger's pair stops the guesses
      // at its limit (their failures also count on the account), and every pupil gets in.
      const school = '203.0.113.81';
      const race = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2
            ? loginFrom(s, school, account, 'Abcd1234')
            : loginFrom(s, '198.51.100.81', account, `Guess${i}xyz`),
        ),
      );
      const fromSchool = race.filter((_, i) => i % 2).map(outcome);
      const fromStranger = race.filter((_, i) => i % 2 === 0).map(outcome);
      expect(fromSchool).toEqual(fromSchool.map(() => 'signed in'));
      expect(fromStranger.filter((o) => o === 'wrong')).toHaveLength(perPair);
      expect(fromStranger.filter((o) => o === 'refused')).toHaveLength(20 - perPair);

      // Mistypes at the school itself, fewer than the pair's limit, racing the class: all checked, and
      // still every pupil gets in.
      const atSchool = await Promise.all(
        Array.from({ length: 20 + perPair - 1 }, (_, i) =>
          loginFrom(s, school, account, i < 20 ? 'Abcd1234' : `Typo${i}xyz`),
        ),
      );
      expect(atSchool.map(outcome)).toEqual(atSchool.map((_, i) => (i < 20 ? 'signed in' : 'wrong')));
    } finally {
      await s.close();
      await limiter?.close();
    }
  });

  it('waits for checks in flight elsewhere: in once they succeed, refused once they fail, 503 past the wait', async () => {
    const limiter = makeLimiter();
    const s = await createTestApp({}, database, { limiter });
    try {
      const account = `${unique('waits')}@example.com`;
      const ip = '203.0.113.82';
      await createUser(s.database.db, { account, password: 'Abcd1234', vip: 0, admin: false }, s.clock.now());
      const service = (admitStallMs?: number) =>
        new AuthService({
          db: s.database.db,
          limiter: s.limiter,
          limits: s.config.limits,
          clientSecret: s.config.secrets.clientSecret,
          sso: {} as SsoService,
          now: s.clock.now,
          admitStallMs,
        });
      const login = (admitStallMs?: number) =>
        service(admitStallMs).loginWithPassword({
          account,
          digest: passwordDigest('Abcd1234'),
          ip,
          student: false,
        });
      // Checks of this pair in flight on another instance, up to the pair's limit.
      const pair = {
        key: `login-fail:pair:${account}:${ip}`,
        limit: s.config.limits.loginFailuresPerAccountIp15Min,
        windowMs: 15 * 60_000,
      };
      const elsewhere = async () => {
        for (let i = 0; i < pair.limit; i++) expect((await s.limiter.reserve([pair])).allowed).toBe(true);
        return Array.from({ length: pair.limit }, () => pair.key);
      };
      const afterAWhile = () => new Promise((resolve) => setTimeout(resolve, 50));

      let keys = await elsewhere();
      const succeeded = login();
      await afterAWhile();
      await s.limiter.release(keys);
      await expect(succeeded).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);

      keys = await elsewhere();
      const failed = login();
      await afterAWhile();
      await s.limiter.commit(keys);
      await expect(failed).rejects.toMatchObject({ httpStatus: 429, messageKey: 'loginLocked' });

      await s.limiter.reset(pair.key);
      await elsewhere();
      await expect(login(100)).rejects.toMatchObject({
        httpStatus: 503,
        messageKey: 'serviceBusy',
        headers: { 'retry-after': '2' },
      });
    } finally {
      await s.close();
      await limiter?.close();
    }
  });
});

describe('sign-in limits for a school behind one address', () => {
  const school = '203.0.113.20';

  it('lets a class of 40 sign in while one pupil mistypes 50 times, past the address limit', async () => {
    // A low per-address limit, so the pupil's mistakes (some with a misspelt account) go past it.
    const s = await createTestApp({ LIMIT_LOGIN_FAILURES_PER_IP_15MIN: '10' }, database);
    try {
      const pupil = `${unique('typo')}@example.com`;
      const classmates = Array.from({ length: 40 }, () => `${unique('pupil')}@example.com`);
      for (const account of [pupil, ...classmates]) {
        await createUser(
          s.database.db,
          { account, password: 'Abcd1234', vip: 0, admin: false },
          s.clock.now(),
        );
      }
      const mistakes: number[] = [];
      for (let i = 0; i < 50; i++) {
        const account = i % 2 ? pupil : `${unique('typo')}x@example.com`;
        mistakes.push((await loginFrom(s, school, account, `Wrong${i}xyz`)).statusCode);
      }
      expect(mistakes).toContain(429);

      const logins = await Promise.all(
        classmates.map((account) => loginFrom(s, school, account, 'Abcd1234')),
      );
      expect(logins.map((r) => r.json<ProductReply>().status)).toEqual(classmates.map(() => 1));
    } finally {
      await s.close();
    }
  });

  it('keeps letting an owner in at an address they signed in from while a stranger locks the account', async () => {
    const s = await createTestApp({}, database);
    try {
      const account = `${unique('owner')}@example.com`;
      await createUser(s.database.db, { account, password: 'Abcd1234', vip: 0, admin: false }, s.clock.now());
      expect((await loginFrom(s, school, account, 'Abcd1234')).json<ProductReply>().status).toBe(1);

      // A stranger guesses from two addresses until the account is locked.
      const guesses: number[] = [];
      for (let i = 0; i < 14; i++) {
        guesses.push((await loginFrom(s, `198.51.100.${i % 2}`, account, `Guess${i}xyz`)).statusCode);
      }
      expect(guesses.filter((code) => code === 200)).toHaveLength(
        s.config.limits.loginFailuresPerAccount15Min,
      );
      expect((await loginFrom(s, '192.0.2.50', account, 'Abcd1234')).statusCode).toBe(429);

      // The owner, at the school address the account signed in from before, still gets in.
      expect((await loginFrom(s, school, account, 'Abcd1234')).json<ProductReply>().status).toBe(1);
      // Still limited there: mistyping at that address locks that address only.
      for (let i = 0; i < s.config.limits.loginFailuresPerAccountIp15Min; i++) {
        expect((await loginFrom(s, school, account, `Typo${i}xyz`)).statusCode).toBe(200);
      }
      expect((await loginFrom(s, school, account, 'Abcd1234')).statusCode).toBe(429);
    } finally {
      await s.close();
    }
  });
});

describe('sessions', () => {
  it('answers getUserInfo with 401 for a missing, unknown, revoked or expired session, and 403 for a wrong secret', async () => {
    expect(
      (await t.post('/api/user/getUserInfo', { secret: t.config.secrets.clientSecret })).statusCode,
    ).toBe(401);
    expect((await userInfo('made-up-token')).statusCode).toBe(401);

    const { uuid } = await t.codeLogin(`${unique('sess')}@example.com`);
    const uid = (await t.post('/api/login', { uuid })).json<ProductReply<{ uid: string }>>().data.uid;
    expect((await userInfo(uid)).statusCode).toBe(200);
    expect((await userInfo(uid, 'wrong-secret')).statusCode).toBe(403);
    // The Authorization header works as well as the body's user_id.
    const viaHeader = await t.post(
      '/api/user/getUserInfo',
      { secret: t.config.secrets.clientSecret },
      { authorization: `Bearer ${uid}` },
    );
    expect(viaHeader.statusCode).toBe(200);

    const logout = await t.post('/api/logout', { user_id: uid });
    expect(logout.json<ProductReply>()).toMatchObject({ status: 1, message: 'logged out' });
    expect((await userInfo(uid)).statusCode).toBe(401);

    const again = await t.codeLogin(`${unique('sess')}@example.com`);
    const second = (await t.post('/api/login', { uuid: again.uuid })).json<ProductReply<{ uid: string }>>()
      .data.uid;
    t.clock.advance(30 * 24 * 3600_000 + 1);
    expect((await userInfo(second)).statusCode).toBe(401);
  });

  it('takes the uuid from the query string as the spec sends it', async () => {
    const { uuid } = await t.codeLogin(`${unique('query')}@example.com`);
    const res = await t.post(`/api/login?uuid=${encodeURIComponent(uuid)}`);
    expect(res.json<ProductReply>().status).toBe(1);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect((await t.post('/api/login?uuid=unknown')).json<ProductReply>()).toMatchObject({
      status: 0,
      message: 'login link invalid or expired',
    });
    expect((await t.post('/api/login')).statusCode).toBe(400);
  });

  it('signs every other session out when the password is reset', async () => {
    const email = `${unique('reset')}@example.com`;
    const first = await t.codeLogin(email);
    const uid = (await t.post('/api/login', { uuid: first.uuid })).json<ProductReply<{ uid: string }>>().data
      .uid;
    const recovery = await t.codeLogin(email, { forget: true });
    expect(
      (await t.account('password', { uuid: recovery.uuid, password: 'a'.repeat(64) })).json<{
        code: number;
      }>().code,
    ).toBe(0);
    expect((await userInfo(uid)).statusCode).toBe(401);
  });

  it('shows an expired authorization as vip 0 with 0 days left', async () => {
    const account = `${unique('exp')}@example.com`;
    await makeUser(account, 'Abcd1234', { vip: 2, days: 1 });
    const uid = (await t.post('/api/login_zm', { account, password: passwordDigest('Abcd1234') })).json<
      ProductReply<{ uid: string }>
    >().data.uid;
    t.clock.advance(2 * 24 * 3600_000);
    const info = (await userInfo(uid)).json<
      ProductReply<{ authInfo: { vip: number; left_valid_time: number } }>
    >();
    expect(info.data.authInfo).toMatchObject({ vip: 0, left_valid_time: 0 });
  });
});

describe('single sign-on (login_sso)', () => {
  const secret = 'school-idp-shared-secret-of-32-bytes!';
  const sso = {
    SSO_JWT_SECRET: secret,
    SSO_JWT_ISSUER: 'https://idp.school.test',
    SSO_JWT_AUDIENCE: 'ai-lab',
  };
  let s: TestApp;
  beforeEach(async () => {
    s = await createTestApp(sso, database);
  });
  afterEach(() => s.close());

  const key = new TextEncoder().encode(secret);
  const token = (
    claims: Record<string, unknown> = {},
    options: { key?: Uint8Array; exp?: number; aud?: string; jti?: string | null } = {},
  ) => {
    const now = Math.floor(s.clock.now().getTime() / 1000);
    const jwt = new SignJWT({ email: `${unique('sso')}@school.test`, ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(sso.SSO_JWT_ISSUER)
      .setAudience(options.aud ?? sso.SSO_JWT_AUDIENCE)
      .setSubject(unique('subject-'))
      .setIssuedAt(now)
      .setExpirationTime(options.exp ?? now + 300);
    if (options.jti !== null) jwt.setJti(options.jti ?? unique('jti-'));
    return jwt.sign(options.key ?? key);
  };
  const login = (jwt: string) => s.post(`/api/login_sso?jwt=${encodeURIComponent(jwt)}`);

  it('logs in with a valid token, creating the user, with no-store and no-referrer', async () => {
    const res = await login(await token({ email: 'Teacher.Li@school.test' }));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const uid = res.json<ProductReply<{ uid: string }>>().data.uid;
    const info = await s.post('/api/user/getUserInfo', {
      secret: s.config.secrets.clientSecret,
      user_id: uid,
    });
    expect(info.json<ProductReply<{ account: string }>>().data.account).toBe('teacher.li@school.test');
  });

  it('accepts a token once: a replay is refused', async () => {
    const jwt = await token();
    expect((await login(jwt)).json<ProductReply>().status).toBe(1);
    expect((await login(jwt)).json<ProductReply>()).toMatchObject({
      status: 0,
      message: 'single sign-on token invalid',
    });
  });

  it('refuses forgeries: wrong key, alg none, expired, wrong audience, no jti, garbage', async () => {
    const now = Math.floor(s.clock.now().getTime() / 1000);
    const forged = [
      await token({}, { key: new TextEncoder().encode('another-secret-another-secret-1234') }),
      new UnsecuredJWT({ email: 'x@school.test', jti: 'n1', sub: 's' })
        .setIssuer(sso.SSO_JWT_ISSUER)
        .setAudience(sso.SSO_JWT_AUDIENCE)
        .setExpirationTime(now + 300)
        .encode(),
      await token({}, { exp: now - 10 }),
      await token({}, { aud: 'someone-else' }),
      await token({}, { jti: null }),
      'not.a.jwt',
    ];
    for (const jwt of forged) {
      const res = await login(jwt);
      expect(res.statusCode).toBe(200);
      expect(res.json<ProductReply>()).toMatchObject({ status: 0, data: null });
    }
  });

  it('says so when single sign-on is not configured', async () => {
    const res = await t.post(`/api/login_sso?jwt=${encodeURIComponent(await token())}`);
    expect(res.json<ProductReply>()).toMatchObject({
      status: 0,
      message: 'single sign-on is not configured',
    });
  });
});

describe('single sign-on with a public key (RS256)', () => {
  it('verifies tokens signed by the identity provider key and refuses another key', async () => {
    const idp = await generateKeyPair('RS256');
    const other = await generateKeyPair('RS256');
    const s = await createTestApp(
      {
        SSO_JWT_PUBLIC_KEYS: await exportSPKI(idp.publicKey),
        SSO_JWT_ISSUER: 'https://idp.example',
        SSO_JWT_AUDIENCE: 'ai-lab',
      },
      database,
    );
    try {
      const now = Math.floor(s.clock.now().getTime() / 1000);
      const sign = (key: Parameters<SignJWT['sign']>[0]) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'RS256' })
          .setIssuer('https://idp.example')
          .setAudience('ai-lab')
          .setSubject(unique('rs-'))
          .setJti(unique('rs-jti-'))
          .setExpirationTime(now + 60)
          .sign(key);
      const good = await s.post(`/api/login_sso?jwt=${await sign(idp.privateKey)}`);
      expect(good.json<ProductReply>().status).toBe(1);
      const bad = await s.post(`/api/login_sso?jwt=${await sign(other.privateKey)}`);
      expect(bad.json<ProductReply>().status).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe('the wire around sign-in', () => {
  it('reports health, sends security headers and answers unknown API paths with a JSON 404', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(health.headers['cross-origin-opener-policy']).toBe('same-origin');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ProductReply>()).toMatchObject({
      status: 0,
      message: 'requested resource does not exist',
    });
  });

  it('serves the runtime config the web client needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json<ProductReply>().data).toEqual({
      accountBaseUrl: '/api/client/verify',
      accountSignKey: t.config.secrets.accountSignKey,
      clientSecret: t.config.secrets.clientSecret,
      // Plain http (HTTPS off): no secure address to send a student to (issue 25).
      secureUrl: null,
    });
  });

  it('translates messages to Chinese by default', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_zm',
      payload: { account: 'a@b.cn', password: 'f'.repeat(64) },
    });
    expect(res.json<ProductReply>().message).toBe('账号或密码错误');
  });
});
