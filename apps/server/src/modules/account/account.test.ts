import { ACCOUNT_CODE, signRequest } from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

interface AccountReply<T = unknown> {
  code: number;
  message: string;
  data: T;
}

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  t = await createTestApp({}, database);
});
afterEach(() => t.close());

describe('account service signatures', () => {
  const url = '/api/client/verify/mail';
  const payload = 'email=ann%40example.com';
  const send = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });

  it('rejects a request without C-Date or Sign with 401', async () => {
    const res = await send({});
    expect(res.statusCode).toBe(401);
    expect(res.json<AccountReply>().code).toBeLessThan(0);
    expect(t.sender.sent).toHaveLength(0);
  });

  it('rejects a wrong key, a signature for another path and a date more than 300 s off', async () => {
    const date = String(t.clock.now().getTime());
    expect(
      (await send({ 'c-date': date, sign: signRequest('wrong-key', 'POST', url, date) })).statusCode,
    ).toBe(401);
    expect(
      (
        await send({
          'c-date': date,
          sign: signRequest(t.config.secrets.accountSignKey, 'POST', '/api/client/verify/sms', date),
        })
      ).statusCode,
    ).toBe(401);
    const old = String(t.clock.now().getTime() - 301_000);
    expect(
      (await send({ 'c-date': old, sign: signRequest(t.config.secrets.accountSignKey, 'POST', url, old) }))
        .statusCode,
    ).toBe(401);
    const future = String(t.clock.now().getTime() + 299_000);
    const ok = await send({
      'c-date': future,
      sign: signRequest(t.config.secrets.accountSignKey, 'POST', url, future),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AccountReply>().code).toBe(0);
  });
});

describe('sending codes', () => {
  it('sends a 6-digit email code and refuses a second send within 60 s with -5', async () => {
    const first = await t.account('mail', { email: 'Ann@Example.com', language: 'en' });
    expect(first.json<AccountReply>()).toMatchObject({ code: 0 });
    expect(t.sender.sent).toHaveLength(1);
    expect(t.sender.sent[0]).toMatchObject({ channel: 'email', to: 'ann@example.com', language: 'en' });
    expect(t.sender.sent[0]!.code).toMatch(/^\d{6}$/);

    t.clock.advance(59_000);
    const second = await t.account('mail', { email: 'ann@example.com' });
    expect(second.json<AccountReply>()).toMatchObject({
      code: ACCOUNT_CODE.emailTooFrequent,
      message: 'operation too frequent, try later',
    });
    expect(t.sender.sent).toHaveLength(1);

    t.clock.advance(2_000);
    expect((await t.account('mail', { email: 'ann@example.com' })).json<AccountReply>().code).toBe(0);
    expect(t.sender.sent).toHaveLength(2);
  });

  it('sends SMS codes to mainland numbers, -4 within 60 s, -2 for bad numbers or regions', async () => {
    expect(
      (await t.account('sms', { mobile: '13800138000', sms_type: '86' })).json<AccountReply>().code,
    ).toBe(0);
    expect(t.sender.sent[0]).toMatchObject({ channel: 'sms', to: '13800138000' });
    expect(
      (await t.account('sms', { mobile: '+86 138 0013 8000', sms_type: '86' })).json<AccountReply>().code,
    ).toBe(ACCOUNT_CODE.smsTooFrequent);
    expect((await t.account('sms', { mobile: '12345', sms_type: '86' })).json<AccountReply>().code).toBe(
      ACCOUNT_CODE.invalidDestination,
    );
    expect((await t.account('sms', { mobile: '13900139000', sms_type: '1' })).json<AccountReply>().code).toBe(
      ACCOUNT_CODE.invalidDestination,
    );
    expect(t.sender.sent).toHaveLength(1);
  });

  it('answers -2 for an invalid email address', async () => {
    const res = await t.account('mail', { email: 'not-an-email' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AccountReply>()).toMatchObject({
      code: ACCOUNT_CODE.invalidDestination,
      message: 'email or phone number is wrong',
    });
  });

  it('limits sends per IP address across destinations (429, -6)', async () => {
    const limited = await createTestApp({ LIMIT_SEND_PER_IP_HOUR: '3' }, database);
    try {
      for (let i = 0; i < 3; i++) {
        expect(
          (await limited.account('mail', { email: `p${i}@example.com` })).json<AccountReply>().code,
        ).toBe(0);
      }
      const res = await limited.account('mail', { email: 'p9@example.com' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json<AccountReply>().code).toBe(ACCOUNT_CODE.tooManyRequests);
      expect(limited.sender.sent).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('limits sends per destination per hour even after each cooldown', async () => {
    const limited = await createTestApp({ LIMIT_SEND_PER_DESTINATION_HOUR: '2' }, database);
    try {
      for (let i = 0; i < 2; i++) {
        limited.clock.advance(61_000);
        expect((await limited.account('mail', { email: 'q@example.com' })).json<AccountReply>().code).toBe(0);
      }
      limited.clock.advance(61_000);
      expect((await limited.account('mail', { email: 'q@example.com' })).json<AccountReply>().code).toBe(
        ACCOUNT_CODE.emailTooFrequent,
      );
    } finally {
      await limited.close();
    }
  });

  it('keeps nothing when delivery fails: -8, and the person may try again at once', async () => {
    t.sender.failNext = true;
    const res = await t.account('mail', { email: 'fail@example.com' });
    expect(res.statusCode).toBe(502);
    expect(res.json<AccountReply>().code).toBe(ACCOUNT_CODE.sendFailed);
    const retry = await t.account('mail', { email: 'fail@example.com' });
    expect(retry.json<AccountReply>().code).toBe(0);
  });
});

describe('bodies in every form', () => {
  it('accepts urlencoded, JSON and multipart bodies alike', async () => {
    const url = '/api/client/verify/mail';
    const signed = () => {
      const cDate = String(t.clock.now().getTime());
      return { 'c-date': cDate, sign: signRequest(t.config.secrets.accountSignKey, 'POST', url, cDate) };
    };
    const json = await t.app.inject({
      method: 'POST',
      url,
      headers: signed(),
      payload: { email: 'json@example.com' },
    });
    expect(json.json<AccountReply>().code).toBe(0);

    const boundary = '----test-boundary';
    const multipartBody =
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nmulti@example.com\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nzh-CN\r\n--${boundary}--\r\n`;
    const multi = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...signed(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody,
    });
    expect(multi.json<AccountReply>().code).toBe(0);
    expect(t.sender.sent.map((m) => m.to)).toEqual(['json@example.com', 'multi@example.com']);
    expect(t.sender.sent[1]!.language).toBe('zh-CN');
  });

  it('answers malformed, incomplete and oversized bodies with 4xx in the account shape', async () => {
    const url = '/api/client/verify/login';
    const cDate = String(t.clock.now().getTime());
    const headers = {
      'c-date': cDate,
      sign: signRequest(t.config.secrets.accountSignKey, 'POST', url, cDate),
    };
    const broken = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<AccountReply>().code).toBeLessThan(0);

    const missing = await t.account('login', { account: 'a@example.com', auth_type: 'email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<AccountReply>().message).toMatch(/code/);

    const huge = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<AccountReply>().code).toBeLessThan(0);

    const xml = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });
});

describe('code login', () => {
  async function sendCode(email: string) {
    t.clock.advance(61_000);
    expect((await t.account('mail', { email })).json<AccountReply>().code).toBe(0);
    return t.sender.lastCodeFor(email);
  }

  it('registers a new account on the first successful code login (passwordStatus 0)', async () => {
    const code = await sendCode('new@example.com');
    const res = await t.account('login', { account: 'new@example.com', auth_type: 'email', code });
    const body = res.json<AccountReply<{ uuid: string; passwordStatus: number }>>();
    expect(body.code).toBe(0);
    expect(body.data.passwordStatus).toBe(0);
    expect(body.data.uuid.length).toBeGreaterThanOrEqual(40);

    const login = await t.post(`/api/login?uuid=${encodeURIComponent(body.data.uuid)}`);
    const uid = login.json<{ status: number; data: { uid: string } }>().data.uid;
    const info = await t.post('/api/user/getUserInfo', {
      secret: t.config.secrets.clientSecret,
      user_id: uid,
    });
    expect(info.json<{ data: { account: string; authInfo: { vip: number } } }>().data).toMatchObject({
      account: 'new@example.com',
      authInfo: { vip: 0 },
    });
  });

  it('answers -3 for a wrong code and kills the code after 5 wrong tries', async () => {
    const code = await sendCode('tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.account('login', { account: 'tries@example.com', auth_type: 'email', code: wrong });
      expect(res.json<AccountReply>()).toMatchObject({
        code: ACCOUNT_CODE.codeError,
        message: 'verification code error',
      });
    }
    const right = await t.account('login', { account: 'tries@example.com', auth_type: 'email', code });
    expect(right.json<AccountReply>().code).toBe(ACCOUNT_CODE.codeError);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const code = await sendCode('four@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      await t.account('login', { account: 'four@example.com', auth_type: 'email', code: wrong });
    expect(
      (
        await t.account('login', { account: 'four@example.com', auth_type: 'email', code })
      ).json<AccountReply>().code,
    ).toBe(0);
  });

  it('expires codes after 5 minutes', async () => {
    const code = await sendCode('late@example.com');
    t.clock.advance(5 * 60_000 + 1);
    const res = await t.account('login', { account: 'late@example.com', auth_type: 'email', code });
    expect(res.json<AccountReply>().code).toBe(ACCOUNT_CODE.codeError);
  });

  it('uses a code once: of two concurrent correct submissions exactly one succeeds', async () => {
    const code = await sendCode('race@example.com');
    const results = await Promise.all(
      Array.from({ length: 2 }, () =>
        t.account('login', { account: 'race@example.com', auth_type: 'email', code }),
      ),
    );
    const codes = results.map((r) => r.json<AccountReply>().code).sort();
    expect(codes).toEqual([ACCOUNT_CODE.codeError, 0]);
    const again = await t.account('login', { account: 'race@example.com', auth_type: 'email', code });
    expect(again.json<AccountReply>().code).toBe(ACCOUNT_CODE.codeError);
  });

  it('only the newest code works once a new one is sent', async () => {
    const first = await sendCode('newest@example.com');
    const second = await sendCode('newest@example.com');
    if (first !== second) {
      const old = await t.account('login', {
        account: 'newest@example.com',
        auth_type: 'email',
        code: first,
      });
      expect(old.json<AccountReply>().code).toBe(ACCOUNT_CODE.codeError);
    }
    const fresh = await t.account('login', {
      account: 'newest@example.com',
      auth_type: 'email',
      code: second,
    });
    expect(fresh.json<AccountReply>().code).toBe(0);
  });

  it('in recovery mode answers an unknown account exactly like a wrong code', async () => {
    const code = await sendCode('ghost@example.com');
    const unknown = await t.account('login', {
      account: 'ghost@example.com',
      auth_type: 'email',
      code,
      forget: '1',
    });
    const wrongCode = await t.account('login', {
      account: 'ghost@example.com',
      auth_type: 'email',
      code: '99999x'.replace('x', '9'),
      forget: '1',
    });
    expect(unknown.statusCode).toBe(wrongCode.statusCode);
    expect(unknown.json<AccountReply>()).toEqual(wrongCode.json<AccountReply>());
    // Recovery must not register anyone.
    const login = await t.post('/api/login_zm', {
      account: 'ghost@example.com',
      password: 'a'.repeat(64),
      auth_type: 'email',
    });
    expect(login.json<{ status: number }>().status).toBe(0);
  });

  it('sets a password with the uuid, then reports passwordStatus 1 and allows password login', async () => {
    const { uuid } = await t.codeLogin('pw@example.com');
    const digest = 'b'.repeat(64);
    expect((await t.account('password', { uuid, password: digest })).json<AccountReply>().code).toBe(0);

    const again = await t.codeLogin('pw@example.com');
    expect(again.passwordStatus).toBe(1);
    const login = await t.post('/api/login_zm', {
      account: 'pw@example.com',
      password: digest,
      auth_type: 'email',
    });
    expect(login.json<{ status: number }>().status).toBe(1);

    const recovery = await t.codeLogin('pw@example.com', { forget: true });
    expect(recovery.passwordStatus).toBe(1);
    const newDigest = 'c'.repeat(64);
    expect(
      (await t.account('password', { uuid: recovery.uuid, password: newDigest })).json<AccountReply>().code,
    ).toBe(0);
    const oldLogin = await t.post('/api/login_zm', {
      account: 'pw@example.com',
      password: digest,
      auth_type: 'email',
    });
    expect(oldLogin.json<{ status: number }>().status).toBe(0);
    const newLogin = await t.post('/api/login_zm', {
      account: 'pw@example.com',
      password: newDigest,
      auth_type: 'email',
    });
    expect(newLogin.json<{ status: number }>().status).toBe(1);
  });

  it('refuses to set a password with an unknown, used or stale uuid (-7), or a raw password (400)', async () => {
    expect(
      (await t.account('password', { uuid: 'nope', password: 'd'.repeat(64) })).json<AccountReply>().code,
    ).toBe(ACCOUNT_CODE.uuidInvalid);
    const { uuid } = await t.codeLogin('stale@example.com');
    const raw = await t.account('password', { uuid, password: 'Abcd1234' });
    expect(raw.statusCode).toBe(400);
    expect((await t.account('password', { uuid, password: 'd'.repeat(64) })).json<AccountReply>().code).toBe(
      0,
    );
    expect((await t.account('password', { uuid, password: 'e'.repeat(64) })).json<AccountReply>().code).toBe(
      ACCOUNT_CODE.uuidInvalid,
    );
    const late = await t.codeLogin('stale2@example.com');
    t.clock.advance(16 * 60_000);
    expect(
      (await t.account('password', { uuid: late.uuid, password: 'd'.repeat(64) })).json<AccountReply>().code,
    ).toBe(ACCOUNT_CODE.uuidInvalid);
  });

  it('limits code checks per IP address', async () => {
    const limited = await createTestApp({ LIMIT_VERIFY_PER_IP_10MIN: '3' }, database);
    try {
      for (let i = 0; i < 3; i++) {
        await limited.account('login', { account: 'x@example.com', auth_type: 'email', code: '123456' });
      }
      const res = await limited.account('login', {
        account: 'x@example.com',
        auth_type: 'email',
        code: '123456',
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
