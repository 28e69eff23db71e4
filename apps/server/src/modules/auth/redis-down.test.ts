import { createServer, type AddressInfo } from 'node:net';
import { passwordDigest } from '@ai-edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from '../../lib/rate-limiter.ts';
import { createTestApp, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { runAdminCommand } from '../admin/service.ts';
import { createSession } from './sessions.ts';

/**
 * Redis briefly unavailable: limited actions fail closed with 503 + Retry-After and a clear message (never a
 * 500, never a hang); what is not limited keeps working.
 */
describe('the app while Redis is down', () => {
  let t: TestApp;
  let limiter: RedisRateLimiter;

  beforeAll(async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    limiter = new RedisRateLimiter(`redis://127.0.0.1:${port}`);
    t = await createTestApp({}, undefined, { limiter });
    await runAdminCommand(t.database.db, 'create-user', {
      account: 'down@example.com',
      password: 'Abcd1234',
    });
  });
  afterAll(async () => {
    await t.close();
    await limiter.close();
  });

  it('answers a password login 503 with the busy message and Retry-After', async () => {
    for (const language of ['en', 'zh-CN']) {
      const res = await t.post(
        '/api/login_zm',
        { account: 'down@example.com', password: passwordDigest('Abcd1234') },
        { 'accept-language': language },
      );
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json<ProductReply>()).toEqual({
        status: 0,
        message: language === 'en' ? 'the service is busy, try again in a moment' : '服务繁忙，请稍后再试',
        data: null,
      });
    }
  });

  it('answers a code send 503 in the account service shape', async () => {
    const res = await t.account('mail', { email: 'down@example.com' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: -1, data: null });
  });

  it('still serves reads that no limit guards (getUserInfo)', async () => {
    const [user] = await t.database.db.query.users.findMany({
      where: (u, { eq }) => eq(u.account, 'down@example.com'),
    });
    const uid = await createSession(t.database.db, user!.id, t.clock.now());
    const res = await t.post('/api/user/getUserInfo', {
      secret: t.config.secrets.clientSecret,
      user_id: uid,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProductReply>().status).toBe(1);
  });
});
