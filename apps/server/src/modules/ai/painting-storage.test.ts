/**
 * Paintings' bytes live in storage under `paintings/<id>` (issue 17); rows made before keep them in the
 * `data` column and are still served. Seen through the store's own listing (local disk and the fake S3), on
 * PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { passwordDigest } from '@ai-edu/contract';
import { aiImages, users } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore, LocalDiskStore } from '../../lib/storage/index.ts';
import { fakeProviderEnv, startFakeOpenAi, TINY_PNG, type FakeOpenAi } from '../../test/fake-openai.ts';
import { startFakeS3 } from '../../test/fake-s3.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { runAdminCommand } from '../admin/service.ts';
import { reviewImageUrl } from '../ai-review/images.ts';
import { imageUrl } from './media.ts';
import { sweepOrphanPaintings } from './painting-sweep.ts';

let database: TestDatabase;
let fake: FakeOpenAi;
let root: string;
let store: LocalDiskStore;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOpenAi();
  root = await mkdtemp(path.join(tmpdir(), 'ai-edu-paintings-'));
  store = new LocalDiskStore(root);
  t = await createTestApp(fakeProviderEnv(fake), database, { storage: store });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});

async function signIn() {
  const account = `paint${++seq}@example.com`;
  await runAdminCommand(database.db, 'create-user', { account, password: 'Abcd1234', credits: '50' });
  const res = await t.post('/api/login_zm', { account, password: passwordDigest('Abcd1234') });
  const [user] = await database.db.select().from(users).where(eq(users.account, account));
  return { uid: res.json<{ data: { uid: string } }>().data.uid, userId: user!.id };
}

async function paint(uid: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ai/textToImage_model',
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
    payload: { prompt: 'a lighthouse at night', style: 'ink' },
  });
  return res;
}

const stored = async () => {
  const keys: string[] = [];
  for await (const object of store.list('paintings/')) keys.push(object.key);
  return keys.sort();
};

const rowOf = async (id: string) =>
  (await database.db.select().from(aiImages).where(eq(aiImages.id, id)))[0]!;

/** Makes the object look written an hour ago, past the sweep's safe age. */
const age = (key: string) => {
  const anHourAgo = new Date(Date.now() - 3600_000);
  return utimes(path.join(root, key), anHourAgo, anHourAgo);
};

describe('paintings in storage', () => {
  it('stores a new painting under paintings/<id>, serves it from there, and deletes it with the gallery entry', async () => {
    const { uid } = await signIn();
    const res = await paint(uid);
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json<{ data: { id: string; url: string } }>().data;
    const row = await rowOf(id);
    expect(row.storageKey).toBe(`paintings/${id}`);
    expect(row.data).toBeNull();
    expect(await store.getBuffer(`paintings/${id}`)).toEqual(TINY_PNG);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    const review = reviewImageUrl(t.config.mediaSecret, id, t.clock.now());
    expect((await t.app.inject({ method: 'GET', url: review })).rawPayload.equals(TINY_PNG)).toBe(true);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/ai/images/${id}`,
      headers: { authorization: `Bearer ${uid}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(await store.stat(`paintings/${id}`)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('still serves a painting kept in the database before storage, and 404s one whose object is gone', async () => {
    const { userId } = await signIn();
    const old = randomUUID();
    await database.db.insert(aiImages).values({
      id: old,
      userId,
      prompt: 'from before',
      style: 'none',
      size: '1024x1024',
      mime: 'image/png',
      data: TINY_PNG,
      createdAt: t.clock.now(),
    });
    const served = await t.app.inject({
      method: 'GET',
      url: imageUrl(t.config.mediaSecret, old, t.clock.now()),
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    const review = reviewImageUrl(t.config.mediaSecret, old, t.clock.now());
    expect((await t.app.inject({ method: 'GET', url: review })).rawPayload.equals(TINY_PNG)).toBe(true);

    const lost = randomUUID();
    await database.db.insert(aiImages).values({
      id: lost,
      userId,
      prompt: 'emptied bucket',
      style: 'none',
      size: '1024x1024',
      mime: 'image/png',
      storageKey: `paintings/${lost}`,
      createdAt: t.clock.now(),
    });
    const missing = imageUrl(t.config.mediaSecret, lost, t.clock.now());
    expect((await t.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    const missingReview = reviewImageUrl(t.config.mediaSecret, lost, t.clock.now());
    expect((await t.app.inject({ method: 'GET', url: missingReview })).statusCode).toBe(404);
  });

  it('keeps nothing of a painting whose row cannot be written', async () => {
    const { uid } = await signIn();
    const before = await stored();
    await database.db.execute(sql`ALTER TABLE ai_images ADD CONSTRAINT test_refuse CHECK (false) NOT VALID`);
    try {
      expect((await paint(uid)).statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`ALTER TABLE ai_images DROP CONSTRAINT test_refuse`);
    }
    expect(await stored()).toEqual(before);
  });

  it("sweeps objects no row names once they are old enough: a deleted user's paintings, a crash's leftovers", async () => {
    const kept = await signIn();
    const leaving = await signIn();
    const keptId = (await paint(kept.uid)).json<{ data: { id: string } }>().data.id;
    const goneId = (await paint(leaving.uid)).json<{ data: { id: string } }>().data.id;
    const fresh = `paintings/${randomUUID()}`;
    await store.put(fresh, TINY_PNG);
    // The database's cascade removes the user's rows; storage is not told.
    await database.db.delete(users).where(eq(users.id, leaving.userId));
    for (const key of [`paintings/${keptId}`, `paintings/${goneId}`]) await age(key);

    expect(await sweepOrphanPaintings(database.db, store)).toBe(1);
    const left = await stored();
    expect(left).toContain(`paintings/${keptId}`);
    expect(left).toContain(fresh);
    expect(left).not.toContain(`paintings/${goneId}`);
    // Past the safe age the crash's leftover goes too.
    expect(await sweepOrphanPaintings(database.db, store, 0)).toBe(1);
    expect(await stored()).not.toContain(fresh);
  });
});

describe('paintings on an S3 store', () => {
  it('go to the bucket, are served and deleted from it, and the sweep spares those a row names', async () => {
    const s3 = await startFakeS3({
      accessKeyId: 'paint-key',
      secretAccessKey: 'paint-secret',
      bucket: 'art',
    });
    const onS3 = await createTestApp(
      {
        ...fakeProviderEnv(fake),
        STORAGE_URL: s3.url,
        STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
        STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
      database,
    );
    const bucket = await createBlobStore(onS3.config);
    try {
      const account = `paint${++seq}@example.com`;
      await runAdminCommand(database.db, 'create-user', { account, password: 'Abcd1234', credits: '50' });
      const login = await onS3.post('/api/login_zm', { account, password: passwordDigest('Abcd1234') });
      const uid = login.json<{ data: { uid: string } }>().data.uid;
      const painted = await onS3.app.inject({
        method: 'POST',
        url: '/api/ai/textToImage_model',
        headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en' },
        payload: { prompt: 'a boat', style: 'ink' },
      });
      expect(painted.statusCode, painted.body).toBe(200);
      const { id, url } = painted.json<{ data: { id: string; url: string } }>().data;
      expect(s3.objects().get(`paintings/${id}`)?.equals(TINY_PNG)).toBe(true);
      expect((await onS3.app.inject({ method: 'GET', url })).rawPayload.equals(TINY_PNG)).toBe(true);

      const orphan = `paintings/${randomUUID()}`;
      await bucket.put(orphan, TINY_PNG);
      expect(await sweepOrphanPaintings(database.db, bucket, 0)).toBe(1);
      expect([...s3.objects().keys()]).toEqual([`paintings/${id}`]);

      const removed = await onS3.app.inject({
        method: 'DELETE',
        url: `/api/ai/images/${id}`,
        headers: { authorization: `Bearer ${uid}` },
      });
      expect(removed.statusCode).toBe(200);
      expect(s3.objects().size).toBe(0);
    } finally {
      await onS3.close();
      await bucket.close();
      await s3.close();
    }
  });
});
