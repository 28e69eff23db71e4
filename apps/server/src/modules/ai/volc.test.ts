/**
 * The photo lab's cloud tools (POST /api/ai/volc_repair, /volc_enhance, /volc_px) against a local fake of
 * Volcengine's signed visual API: each call is signed (the fake recomputes and checks the signature), charges
 * 3 credits once and is logged; a provider failure or a non-picture answer is refunded; a retry with the same
 * key is free and answers the same picture; bad photos are refused before any charge; no keys means 503.
 */
import { creditLedger, experienceLogs } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { and, eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeVolcEnv,
  gradientPng,
  startFakeVolcengine,
  type FakeVolcengine,
} from '../../test/fake-volcengine.ts';
import { createTestApp, signedInUser, type TestApp, creditBalance as balance } from '../../test/helpers.ts';

let database: TestDatabase;
let volc: FakeVolcengine;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  volc = await startFakeVolcengine();
});
afterAll(async () => {
  await volc.close();
  await database.dispose();
});
afterEach(() => t.close());

async function appWith(env: Record<string, string>) {
  volc.mode = 'ok';
  volc.requests.length = 0;
  t = await createTestApp(env, database);
  return t;
}

const student = (app: TestApp, credits = 10) =>
  signedInUser(app, `photo${++seq}@example.com`, { credits: String(credits) });

const photo = (width = 120, height = 90) =>
  `data:image/png;base64,${gradientPng(width, height).toString('base64')}`;

const call = (app: TestApp, uid: string, path: string, payload: Record<string, unknown>) =>
  app.app.inject({
    method: 'POST',
    url: `/api/ai/${path}`,
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    payload,
  });

interface Result {
  image: string;
  width: number;
  height: number;
  charged: boolean;
  balance: number;
}
type Reply<T> = { status: number; message: string; data: T };

const pictureSize = (dataUrl: string) => imageSize(Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'));

async function logsOf(userId: string, apiUrl: string) {
  return database.db
    .select()
    .from(experienceLogs)
    .where(and(eq(experienceLogs.userId, userId), eq(experienceLogs.apiUrl, apiUrl)));
}

describe('cloud photo tools with Volcengine', () => {
  it('repairs, enhances and enlarges: signed calls, 3 credits each, logged', async () => {
    const app = await appWith(fakeVolcEnv(volc));
    const { uid, id } = await student(app, 10);

    const status = await app.app.inject({
      method: 'GET',
      url: '/api/ai/volc_status',
      headers: { authorization: `Bearer ${uid}` },
    });
    expect(status.json<Reply<{ configured: boolean; cost: number }>>().data).toEqual({
      configured: true,
      cost: 3,
    });

    const repaired = await call(app, uid, 'volc_repair', { image: photo(), colourise: true });
    expect(repaired.statusCode).toBe(200);
    const repair = repaired.json<Reply<Result>>().data;
    expect(repair).toMatchObject({ width: 120, height: 90, charged: true, balance: 7 });
    expect(pictureSize(repair.image)).toMatchObject({ width: 120, height: 90 });

    const enhanced = (await call(app, uid, 'volc_enhance', { image: photo(), hdr: true })).json<
      Reply<Result>
    >();
    expect(enhanced.data).toMatchObject({ width: 120, height: 90, charged: true, balance: 4 });

    const enlarged = (await call(app, uid, 'volc_px', { image: photo(100, 60) })).json<Reply<Result>>();
    expect(enlarged.data).toMatchObject({ width: 200, height: 120, charged: true, balance: 1 });
    expect(pictureSize(enlarged.data.image)).toMatchObject({ width: 200, height: 120 });

    // Each request as documented, signed, and verified by the fake.
    expect(volc.requests.map((r) => [r.action, r.version, r.body.req_key, r.signed])).toEqual([
      ['ConvertPhotoV2', '2022-08-31', 'lens_opr', true],
      ['EnhancePhotoV2', '2022-08-31', 'lens_lqir', true],
      ['OverResolutionV2', '2022-08-31', 'lens_nnsr2_pic_common', true],
    ]);
    const first = volc.requests[0]!;
    expect(first.headers['x-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(first.headers['x-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(first.headers.authorization).toMatch(
      /^HMAC-SHA256 Credential=AKLTfakeVolcAccessKey01\/\d{8}\/cn-north-1\/cv\/request, SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=[0-9a-f]{64}$/,
    );
    expect(first.body).toMatchObject({ if_color: 1, result_format: 1 });
    expect(volc.requests[1]!.body).toMatchObject({ enable_hdr: true, enable_wb: true });

    expect(await balance(app, uid)).toBe(1);
    for (const path of ['volc_repair', 'volc_enhance', 'volc_px']) {
      const logs = await logsOf(id, `/api/ai/${path}`);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ path: '/ailab/imageFix', type: 1 });
    }
    // Not enough credits left for a fourth: refused before the provider is asked.
    const broke = await call(app, uid, 'volc_repair', { image: photo() });
    expect(broke.statusCode).toBe(402);
    expect(volc.requests).toHaveLength(3);
  });

  it('refunds a provider failure, a non-picture answer and a refused signature', async () => {
    const app = await appWith(fakeVolcEnv(volc));
    const { uid, id } = await student(app, 10);
    volc.mode = 'error';
    const failed = await call(app, uid, 'volc_enhance', { image: photo() });
    expect(failed.statusCode).toBe(502);
    expect(failed.json<Reply<null>>().message).toBe('the AI service did not answer; no credits were charged');

    volc.mode = 'notImage';
    expect((await call(app, uid, 'volc_px', { image: photo() })).statusCode).toBe(502);
    expect(await balance(app, uid)).toBe(10);

    // A wrong secret: the fake refuses the signature, and nothing is charged.
    await t.close();
    const wrong = await appWith({ ...fakeVolcEnv(volc), AI_VOLC_SECRET_KEY: 'not-the-secret' });
    const { uid: other } = await student(wrong, 10);
    expect((await call(wrong, other, 'volc_repair', { image: photo() })).statusCode).toBe(502);
    expect(volc.requests.at(-1)?.signed).toBe(false);
    expect(await balance(wrong, other)).toBe(10);

    const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, id));
    expect(ledger.filter((row) => row.reason.startsWith('ai:volc_')).map((row) => row.delta)).toEqual([
      -3, -3,
    ]);
    expect(ledger.filter((row) => row.reason.startsWith('refund:volc_')).map((row) => row.delta)).toEqual([
      3, 3,
    ]);
    expect(await logsOf(id, '/api/ai/volc_enhance')).toHaveLength(0);
  });

  it('answers a retry with the same key again, free, and says when the kept result has gone', async () => {
    const app = await appWith(fakeVolcEnv(volc));
    const { uid } = await student(app, 10);
    const first = (
      await call(app, uid, 'volc_repair', { image: photo(), idempotencyKey: 'fix-key-0001' })
    ).json<Reply<Result>>().data;
    const again = (
      await call(app, uid, 'volc_repair', { image: photo(), idempotencyKey: 'fix-key-0001' })
    ).json<Reply<Result>>().data;
    expect(first.charged).toBe(true);
    expect(again).toMatchObject({ charged: false, image: first.image, width: 120, height: 90 });
    expect(volc.requests).toHaveLength(1);
    expect(await balance(app, uid)).toBe(7);

    // A day later another call prunes the kept picture; the old key then says so (410), still free.
    app.clock.advance(25 * 3600_000);
    await call(app, uid, 'volc_enhance', { image: photo() });
    const gone = await call(app, uid, 'volc_repair', { image: photo(), idempotencyKey: 'fix-key-0001' });
    expect(gone.statusCode).toBe(410);
    expect(gone.json<Reply<null>>().message).toMatch(/no longer kept/);
    expect(await balance(app, uid)).toBe(4);
  });
});

describe('refused before any charge', () => {
  it('refuses what is not a picture, too small or too big, with a 4xx', async () => {
    const app = await appWith(fakeVolcEnv(volc));
    const { uid } = await student(app, 10);
    const text = `data:image/png;base64,${Buffer.from('hello, not a picture').toString('base64')}`;
    const cases: [string, Record<string, unknown>, number, RegExp][] = [
      ['volc_repair', { image: text }, 415, /valid image/],
      ['volc_repair', { image: 'not base64 at all!' }, 400, /valid image/],
      ['volc_repair', { image: '' }, 400, /image is empty/],
      ['volc_enhance', { image: photo(40, 40) }, 400, /at least 50 pixels/],
      ['volc_px', { image: photo(1100, 60) }, 413, /at most 2,048 pixels/],
      ['volc_enhance', { image: photo(), hdr: 'yes' }, 400, /hdr/],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await call(app, uid, path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      expect(res.json<Reply<null>>().message).toMatch(message);
    }
    expect(volc.requests).toHaveLength(0);
    expect(await balance(app, uid)).toBe(10);
  });

  it('answers 503 aiNotConfigured without keys, and the status says so', async () => {
    const app = await appWith({});
    const { uid } = await student(app, 10);
    const res = await call(app, uid, 'volc_px', { image: photo() });
    expect(res.statusCode).toBe(503);
    const status = await app.app.inject({
      method: 'GET',
      url: '/api/ai/volc_status',
      headers: { authorization: `Bearer ${uid}` },
    });
    expect(status.json<Reply<{ configured: boolean }>>().data.configured).toBe(false);
    expect(await balance(app, uid)).toBe(10);
  });
});
