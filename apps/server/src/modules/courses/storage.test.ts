/**
 * Course files go through the storage interface (issue 17): what a refused upload, a refused database
 * insert and a delete leave in the store, seen through the store's own listing rather than a folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore, type BlobStore } from '../../lib/storage/index.ts';
import { TINY_PNG } from '../../test/fake-openai.ts';
import { createTestApp, multipartBody, signedInUser, type TestApp } from '../../test/helpers.ts';

let database: TestDatabase;
let root: string;
let store: BlobStore;
let t: TestApp;
let teacher: string;

beforeAll(async () => {
  database = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'ai-edu-course-store-'));
  store = new LocalDiskStore(root);
  t = await createTestApp({}, database, { storage: store });
  teacher = (await signedInUser(t, 'store@example.com', { vip: '2', days: '30', company: 'Lake School' }))
    .uid;
});
afterAll(async () => {
  await t.close();
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});

const keys = async (s: BlobStore = store) => {
  const found: string[] = [];
  for await (const object of s.list('files/')) found.push(object.key);
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

describe('course files in the store', () => {
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
