/**
 * The last trained model on the server (issue 25): the training page kept it only in the browser's
 * IndexedDB, so on another device (or after a cleared storage) "Try it" said "train a model first" while the
 * project list showed the accuracy. Each user keeps one per project; a new one replaces it.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LastTrainedModel, TrainProject } from '@ai-edu/contract';
import { trainProjects } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { multipart, png, requestAs, zipBytes } from './test-fixtures.ts';

let database: TestDatabase;
let t: TestApp;
let as: ReturnType<typeof requestAs>;
let owner: { uid: string };
let stranger: { uid: string };

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  as = requestAs(t);
  owner = await signedInUser(t, 'last.owner@example.com', { vip: '1' });
  stranger = await signedInUser(t, 'last.stranger@example.com', { vip: '1' });
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.delete(trainProjects);
});

const data = <T>(res: { json: <R>() => R }) => res.json<ProductReply<T>>().data;
const storedFiles = async () =>
  (await readdir(path.join(t.config.dataDir, 'train')).catch(() => [] as string[])).sort();

async function project() {
  const res = await as(owner.uid, 'POST', '/api/train/projects', {
    name: 'Set',
    kind: 'cls',
    classes: ['a', 'b'],
  });
  return data<TrainProject>(res);
}

/** PUTs a last model as `uid`: the page's ZIP and when it was trained ('' leaves the date out). */
function putZip(uid: string, url: string, content: Buffer, savedAt = '2026-03-01T09:00:00.000Z') {
  const body = multipart(savedAt ? { savedAt } : {}, [{ field: 'model', name: 'last.zip', content }]);
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${uid}`, 'accept-language': 'en', ...body.headers },
    payload: body.payload,
  });
}

describe('the last trained model', () => {
  it('is kept for the user and read back from any device; a new one replaces it', async () => {
    const p = await project();
    const url = `/api/train/projects/${p.id}/last-model`;
    expect(data(await as(owner.uid, 'GET', url))).toBeNull();

    const first = Buffer.concat([zipBytes(), Buffer.from('first')]);
    const putFirst = await putZip(owner.uid, url, first);
    expect(putFirst.statusCode, putFirst.body).toBe(200);

    // "Another device": nothing but the account. The model is there, with when it was trained.
    const kept = data<LastTrainedModel>(await as(owner.uid, 'GET', url));
    expect(kept).toMatchObject({ bytes: first.length, savedAt: '2026-03-01T09:00:00.000Z' });
    const file = await t.app.inject({ method: 'GET', url: kept.url });
    expect(file.rawPayload.equals(first)).toBe(true);
    expect(data<{ usedBytes: number }>(await as(owner.uid, 'GET', '/api/train/quota')).usedBytes).toBe(
      first.length,
    );
    const filesAfterFirst = await storedFiles();
    expect(filesAfterFirst).toHaveLength(1);

    // A newer training replaces it, and the older file goes.
    const second = Buffer.concat([zipBytes(), Buffer.from('second training')]);
    const putSecond = await putZip(owner.uid, url, second, '2026-03-02T10:00:00.000Z');
    expect(putSecond.statusCode, putSecond.body).toBe(200);
    const replaced = data<LastTrainedModel>(await as(owner.uid, 'GET', url));
    expect(replaced).toMatchObject({ bytes: second.length, savedAt: '2026-03-02T10:00:00.000Z' });
    expect(await storedFiles()).toHaveLength(1);
    expect(await storedFiles()).not.toEqual(filesAfterFirst);
    // Not one of the project's saved models.
    expect(data<TrainProject>(await as(owner.uid, 'GET', `/api/train/projects/${p.id}`)).models).toEqual([]);

    // Deleting the project removes it with the rest.
    expect((await as(owner.uid, 'DELETE', `/api/train/projects/${p.id}`)).statusCode).toBe(200);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses what is not the page's ZIP, a missing date and someone else's project", async () => {
    const p = await project();
    const url = `/api/train/projects/${p.id}/last-model`;
    expect((await putZip(owner.uid, url, png(4, 4))).statusCode).toBe(415);
    expect((await putZip(owner.uid, url, zipBytes(), '')).statusCode).toBe(400);
    expect((await putZip(stranger.uid, url, zipBytes())).statusCode).toBe(404);
    expect((await as(stranger.uid, 'GET', url)).statusCode).toBe(404);
    expect(await storedFiles()).toEqual([]);
  });
});
