import { DOODLE_SET, hourlySecret, passwordDigest, type DoodleSet } from '@ai-edu/contract';
import { schoolDoodles } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { setDeniedLabs } from '../labs/access.ts';

let database: TestDatabase;
let t: TestApp;
let lake: { uid: string; id: string };
let hill: { uid: string; id: string };
let learner: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  lake = await signedInUser(t, 'lake.school@example.com', { vip: '2', days: '365', company: 'Lake School' });
  hill = await signedInUser(t, 'hill.school@example.com', { vip: '2', days: '365', company: 'Hill School' });
  learner = (await signedInUser(t, 'doodle.kid@example.com', { vip: '1' })).uid;
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});
beforeEach(async () => {
  // Each test starts with empty sets and fresh rate limits (a minute on from the last test).
  await database.db.delete(schoolDoodles);
  t.clock.advance(61_000);
});

const as = (uid: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

/** A student of `school`'s new class, signed in through the student login. */
async function studentOf(school: { uid: string }, name: string, schoolCode: string) {
  const klass = (await as(school.uid, 'POST', '/api/classes', { name: `Class of ${name}`, schoolCode })).json<
    ProductReply<{ id: string }>
  >().data;
  const [created] = (
    await as(school.uid, 'POST', `/api/classes/${klass.id}/students`, { names: [name] })
  ).json<ProductReply<{ account: string; password: string }[]>>().data;
  const login = await t.post('/api/login_stu', {
    account: created!.account,
    password: passwordDigest(created!.password),
    secret: hourlySecret(t.config.secrets.clientSecret, t.clock.now()),
  });
  return login.json<ProductReply<{ uid: string }>>().data.uid;
}

/** A 28×28 input with a vertical bar at column `x`, as base64. */
function drawing(x = 14): string {
  const pixels = Buffer.alloc(DOODLE_SET.pixels);
  for (let y = 4; y < 24; y++) pixels[y * 28 + x] = 255;
  return pixels.toString('base64');
}

const share = (uid: string, drawings: { label: string; pixels?: string }[], consent: unknown = true) =>
  as(uid, 'POST', '/api/doodles', {
    consent,
    drawings: drawings.map((d) => ({ pixels: drawing(), ...d })),
  });

const setOf = async (uid: string) => {
  const res = await as(uid, 'GET', '/api/doodles');
  expect(res.statusCode).toBe(200);
  return res.json<ProductReply<DoodleSet>>().data;
};

let amy: string;
let ben: string;
let hillKid: string;
beforeAll(async () => {
  amy = await studentOf(lake, 'Amy', 'lakedoodle');
  ben = await studentOf(lake, 'Ben', 'lakedoodle');
  hillKid = await studentOf(hill, 'Hao', 'hilldoodle');
});

describe('the school doodle set', () => {
  it('keeps a student’s shared drawings for the school: labels by category id or as the class’s own word', async () => {
    const res = await share(amy, [
      { label: 'Cat' },
      { label: '猫', pixels: drawing(3) },
      { label: '  Robot   Dog ' },
      { label: 'ice cream' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<ProductReply>().data).toEqual({ added: 4, total: 4, limit: DOODLE_SET.maxPerSchool });
    await share(ben, [{ label: 'robot dog' }]);

    const forAmy = await setOf(amy);
    expect(forAmy.membership).toBe('student');
    expect(forAmy.school).toBe('Lake School');
    expect(forAmy.labels).toEqual([
      { label: 'cat', count: 2 },
      { label: 'robot dog', count: 2 },
      { label: 'ice cream', count: 1 },
    ]);
    expect(forAmy.drawings.map((d) => [d.label, d.mine, d.by])).toEqual([
      ['cat', true, null],
      ['cat', true, null],
      ['robot dog', true, null],
      ['ice cream', true, null],
      ['robot dog', false, null],
    ]);
    // The pixels come back exactly as they were sent.
    expect(forAmy.drawings[1]!.pixels).toBe(drawing(3));

    const forSchool = await setOf(lake.uid);
    expect(forSchool.membership).toBe('school');
    expect(forSchool.total).toBe(5);
    expect(forSchool.drawings.map((d) => d.by)).toEqual(['Amy', 'Amy', 'Amy', 'Amy', 'Ben']);

    // Another school sees none of it.
    expect((await setOf(hillKid)).total).toBe(0);
    expect((await setOf(hill.uid)).total).toBe(0);
  });

  it('shares only with consent and only well-formed drawings and labels (400 with the reason)', async () => {
    const refused = async (res: Awaited<ReturnType<typeof share>>, reason: string) => {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(reason);
    };
    await refused(await share(amy, [{ label: 'cat' }], false), 'shared only when the student agrees');
    await refused(await share(amy, [{ label: 'cat' }], 'yes'), 'shared only when the student agrees');
    await refused(await share(amy, [{ label: 'x'.repeat(21) }]), 'a label has 1 to 20 letters');
    await refused(await share(amy, [{ label: '<b>cat</b>' }]), 'a label has 1 to 20 letters');
    await refused(await share(amy, [{ label: '   ' }]), 'a label has 1 to 20 letters');
    await refused(await share(amy, [{ label: 'cat', pixels: 'AAAA' }]), 'a drawing is 784 bytes');
    await refused(
      await share(amy, [{ label: 'cat', pixels: `${drawing().slice(0, -4)}!!!!` }]),
      'a drawing is 784 bytes',
    );
    await refused(await share(amy, []), 'drawings');
    await refused(
      await share(
        amy,
        Array.from({ length: DOODLE_SET.maxPerShare + 1 }, () => ({ label: 'cat' })),
      ),
      'drawings',
    );
    expect((await setOf(amy)).total).toBe(0);
  });

  it('tells a learner without a school why they cannot share, and shows them an empty set', async () => {
    const set = await setOf(learner);
    expect(set).toMatchObject({ membership: 'none', total: 0, drawings: [] });
    const res = await share(learner, [{ label: 'cat' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(
      'only students of a school (accounts made in a class) can share drawings with their school',
    );
    expect((await as('no-such-session', 'GET', '/api/doodles')).statusCode).toBe(401);
  });

  it('lets only the school account clear its set or remove one drawing', async () => {
    await share(amy, [{ label: 'cat' }, { label: 'kite' }, { label: 'kite' }]);
    await share(hillKid, [{ label: 'sun' }]);
    const [first] = (await setOf(lake.uid)).drawings;

    expect((await as(amy, 'DELETE', '/api/doodles')).statusCode).toBe(403);
    expect((await as(amy, 'DELETE', `/api/doodles/${first!.id}`)).statusCode).toBe(403);
    // Hill's school account cannot reach Lake's drawings.
    expect((await as(hill.uid, 'DELETE', `/api/doodles/${first!.id}`)).statusCode).toBe(404);
    expect((await as(lake.uid, 'DELETE', '/api/doodles/not-a-number')).statusCode).toBe(400);

    const one = await as(lake.uid, 'DELETE', `/api/doodles/${first!.id}`);
    expect(one.json<ProductReply>().data).toEqual({ removed: 1 });
    expect((await setOf(amy)).labels).toEqual([{ label: 'kite', count: 2 }]);

    const all = await as(lake.uid, 'DELETE', '/api/doodles');
    expect(all.statusCode).toBe(200);
    expect(all.json<ProductReply>().data).toEqual({ removed: 2 });
    expect((await setOf(amy)).total).toBe(0);
    expect((await setOf(hillKid)).total).toBe(1);
  });

  it('refuses a share that would pass the school’s cap, all or nothing', async () => {
    const full = DOODLE_SET.maxPerSchool - 1;
    const pixels = Buffer.from(drawing(), 'base64');
    for (let done = 0; done < full; done += 1000) {
      await database.db.insert(schoolDoodles).values(
        Array.from({ length: Math.min(1000, full - done) }, () => ({
          schoolId: lake.id,
          userId: lake.id,
          label: 'cat',
          pixels,
        })),
      );
    }
    const over = await share(amy, [{ label: 'cat' }, { label: 'cat' }]);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toBe(
      "the school's doodle set is full (5,000 drawings): ask your teacher to clear it",
    );
    expect((await setOf(lake.uid)).total).toBe(full);
    const last = await share(amy, [{ label: 'cat' }]);
    expect(last.json<ProductReply>().data).toMatchObject({ added: 1, total: DOODLE_SET.maxPerSchool });
  });

  it('limits shares per student per minute, and needs the lab open', async () => {
    for (let i = 0; i < DOODLE_SET.sharesPerMinute; i++) {
      expect((await share(ben, [{ label: 'cat' }])).statusCode).toBe(200);
    }
    const limited = await share(ben, [{ label: 'cat' }]);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    t.clock.advance(61_000);
    expect((await share(ben, [{ label: 'cat' }])).statusCode).toBe(200);

    await setDeniedLabs(
      database.db,
      { scope: 'company', company: 'Hill School' },
      ['quickDraw'],
      t.clock.now(),
    );
    expect((await setOf(amy)).membership).toBe('student');
    const denied = await as(hillKid, 'GET', '/api/doodles');
    expect(denied.statusCode).toBe(403);
    expect(denied.json<{ message: string }>().message).toBe('this lab is not open for your account');
    await setDeniedLabs(database.db, { scope: 'company', company: 'Hill School' }, [], t.clock.now());
  });
});
