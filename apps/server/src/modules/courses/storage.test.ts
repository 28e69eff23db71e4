/**
 * Course files go through the storage interface (issue 17), on the local disk and on an S3-compatible
 * bucket (the fake S3 server): a file round-trips through the signed link (whole and by range), and what a
 * refused upload, a refused database insert and a delete leave is seen through the store's own listing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore, LocalDiskStore, type BlobStore } from '../../lib/storage/index.ts';
import { TINY_PNG } from '../../test/fake-openai.ts';
import { sweepOrphanCourseFiles } from './orphans.ts';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.ts';
import { createTestApp, multipartBody, signedInUser, type TestApp } from '../../test/helpers.ts';

let database: TestDatabase;
let root: string;
let s3: FakeS3;

beforeAll(async () => {
  database = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'ai-edu-course-store-'));
  s3 = await startFakeS3({ accessKeyId: 'course-key', secretAccessKey: 'course-secret', bucket: 'courses' });
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
  await s3.close();
});

/** The app on each kind of store, and a store of the same kind to look into it with. */
const setups = [
  {
    name: 'a local disk store',
    teacher: 'local.store@example.com',
    /** Multipart uploads started and never finished: the local store has none. */
    unfinished: () => 0,
    start: async () => {
      const store = new LocalDiskStore(root);
      return { store, t: await createTestApp({}, database, { storage: store }) };
    },
  },
  {
    name: 'an S3 store',
    teacher: 's3.store@example.com',
    unfinished: () => s3.pendingMultipartUploads(),
    start: async () => {
      const t = await createTestApp(
        {
          STORAGE_URL: s3.url,
          STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
          STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
        },
        database,
      );
      return { store: await createBlobStore(t.config), t };
    },
  },
];

describe.each(setups)('course files in $name', ({ teacher: email, unfinished, start }) => {
  let store: BlobStore;
  let t: TestApp;
  let teacher: string;

  beforeAll(async () => {
    ({ store, t } = await start());
    teacher = (await signedInUser(t, email, { vip: '2', days: '30', company: 'Lake School' })).uid;
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const keys = async () => {
    const found: string[] = [];
    for await (const object of store.list('files/')) found.push(object.key);
    return found.sort();
  };

  async function newCourse(app: TestApp, uid: string) {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: { authorization: `Bearer ${uid}` },
      payload: { title: 'Stored', description: 'Files', level: 'beginner' },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { id: string } }>().data.id;
  }

  function upload(
    app: TestApp,
    uid: string,
    courseId: string,
    fields: Record<string, string>,
    file: { name: string; content: Buffer },
  ) {
    const body = multipartBody(fields, file);
    return app.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/files`,
      headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en', ...body.headers },
      payload: body.payload,
    });
  }

  it('keeps nothing of a refused upload: wrong type, too large, or a session the database refuses', async () => {
    const id = await newCourse(t, teacher);
    const before = await keys();
    const exe = Buffer.from('MZ\x90\x00 windows program');
    const refusals = [
      [415, await upload(t, teacher, id, { purpose: 'attachment' }, { name: 'tool.exe', content: exe })],
      [
        413,
        await upload(
          t,
          teacher,
          id,
          { purpose: 'image' },
          { name: 'huge.png', content: Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]) },
        ),
      ],
      [
        400,
        await upload(
          t,
          teacher,
          id,
          { purpose: 'attachment', sessionId: randomUUID() },
          { name: 'a.pdf', content: Buffer.from('%PDF-1.7\n') },
        ),
      ],
    ] as const;
    for (const [status, res] of refusals) expect(res.statusCode, res.body).toBe(status);
    expect(await keys()).toEqual(before);
    expect(unfinished()).toBe(0);
  });

  it('round-trips a file larger than one multipart part: whole, by range, and from its end', async () => {
    const id = await newCourse(t, teacher);
    // 6 MiB: past S3's 5 MiB part, so the S3 store sends it as a multipart upload.
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(6 * 1024 * 1024, 'x'),
      Buffer.from('%%EOF'),
    ]);
    const res = await upload(t, teacher, id, { purpose: 'attachment' }, { name: 'big.pdf', content: pdf });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json<{ data: { id: string; url: string; size: number } }>().data;
    expect(file.size).toBe(pdf.length);
    expect((await store.stat(`files/${file.id}`))?.size).toBe(pdf.length);
    expect(unfinished()).toBe(0);

    const whole = await t.app.inject({ method: 'GET', url: file.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-length']).toBe(String(pdf.length));
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const middle = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { range: 'bytes=5242870-5242889' },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 5242870-5242889/${pdf.length}`);
    expect(middle.rawPayload.equals(pdf.subarray(5242870, 5242890))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('%%EOF');
    const past = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { range: `bytes=${pdf.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
  });

  it('sweeps stored files no row names once they are old enough, and nothing it did not make', async () => {
    const id = await newCourse(t, teacher);
    const res = await upload(t, teacher, id, { purpose: 'image' }, { name: 'kept.png', content: TINY_PNG });
    const kept = `files/${res.json<{ data: { id: string } }>().data.id}`;
    const crashed = `files/${randomUUID()}`;
    await store.put(crashed, TINY_PNG);
    await store.put('files/readme', Buffer.from('not an upload'));
    expect(await sweepOrphanCourseFiles(database.db, store)).toBe(0);
    expect(await sweepOrphanCourseFiles(database.db, store, 0)).toBe(1);
    const left = await keys();
    expect(left).toEqual(expect.arrayContaining([kept, 'files/readme']));
    expect(left).not.toContain(crashed);
    await store.delete(['files/readme']);
  });

  it('writes nothing to DATA_DIR/files when the store is elsewhere', async () => {
    const id = await newCourse(t, teacher);
    const res = await upload(t, teacher, id, { purpose: 'image' }, { name: 'x.png', content: TINY_PNG });
    expect(res.statusCode).toBe(200);
    expect(await readdir(path.join(t.config.dataDir, 'files')).catch(() => [])).toEqual([]);
  });

  it('stores an accepted file under files/<id> and removes it with the file and with its course', async () => {
    const id = await newCourse(t, teacher);
    const one = await upload(t, teacher, id, { purpose: 'image' }, { name: 'a.png', content: TINY_PNG });
    const two = await upload(t, teacher, id, { purpose: 'image' }, { name: 'b.png', content: TINY_PNG });
    const [a, b] = [one, two].map((res) => res.json<{ data: { id: string; url: string } }>().data);
    expect(await store.getBuffer(`files/${a!.id}`)).toEqual(TINY_PNG);
    expect(await keys()).toEqual(expect.arrayContaining([`files/${a!.id}`, `files/${b!.id}`]));

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${id}/files/${a!.id}`,
      headers: { authorization: `Bearer ${teacher}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(await store.stat(`files/${a!.id}`)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: a!.url })).statusCode).toBe(404);

    // An object gone from the store (a bucket emptied by hand) is the same 404 as a deleted file.
    await store.delete([`files/${b!.id}`]);
    expect((await t.app.inject({ method: 'GET', url: b!.url })).statusCode).toBe(404);

    const three = await upload(t, teacher, id, { purpose: 'image' }, { name: 'c.png', content: TINY_PNG });
    const c = three.json<{ data: { id: string } }>().data;
    const course = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${id}`,
      headers: { authorization: `Bearer ${teacher}` },
    });
    expect(course.statusCode).toBe(200);
    expect(await store.stat(`files/${c.id}`)).toBeNull();
  });
});
