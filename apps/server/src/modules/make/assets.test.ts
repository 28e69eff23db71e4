/** A studio project's pictures (issue 26): upload, limits, reading them as owner and reader, copies, removal. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  MAKE,
  type MakeAsset,
  type MakeAssetList,
  type MakeProjectSummary,
  type MakeShareLink,
} from '@ai-edu/contract';
import { makeProjectAssets } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../lib/storage/index.ts';
import { createTestApp, multipartBody, type TestApp } from '../../test/helpers.ts';
import { as, dataOf, signInStu, testSchool, type Person, type TestSchool } from '../classes/test-school.ts';
import { ASSETS_PREFIX, sweepOrphanAssets } from './assets.ts';

let database: TestDatabase;
let t: TestApp;
let store: LocalDiskStore;
let storeDir: string;
let school: TestSchool;
/** Amy and Bea are in class A; the teacher teaches A. */
let amy: Person;
let bea: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  storeDir = await mkdtemp(path.join(tmpdir(), 'make-assets-'));
  store = new LocalDiskStore(storeDir);
  t = await createTestApp({}, database, { storage: store });
  school = await testSchool(t);
  amy = school.people.student;
  const [made] = await dataOf<{ userId: string; account: string; password: string }[]>(
    as(t, school.people.school.uid, 'POST', `/api/classes/${school.classA}/students`, { names: ['Bea'] }),
  );
  bea = { id: made!.userId, account: made!.account, uid: await signInStu(t, made!.account, made!.password) };
});
afterAll(async () => {
  await t.close();
  await database.dispose();
  await rm(storeDir, { recursive: true, force: true });
});

/** A PNG's signature and a few bytes: enough for the server, which reads the type from the first bytes. */
const png = (size = 64) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};
const gif = () => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 1)]);

const newProject = (who: Person, name = 'Pictures') =>
  dataOf<MakeProjectSummary>(as(t, who.uid, 'POST', '/api/make/projects', { name }));

function upload(who: Person, projectId: number, content: Buffer, fields: Record<string, string> = {}) {
  const body = multipartBody(fields, { name: 'x.png', content, type: 'image/png' });
  return t.app.inject({
    method: 'POST',
    url: `/api/make/projects/${projectId}/assets`,
    headers: { ...body.headers, authorization: `Bearer ${who.uid}`, 'accept-language': 'en' },
    payload: body.payload,
  });
}

const fileOf = (who: Person, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.uid}` } });

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(ASSETS_PREFIX)) keys.push(object.key);
  return keys.sort();
}

const rowsOf = (projectId: number) =>
  database.db.select().from(makeProjectAssets).where(eq(makeProjectAssets.projectId, projectId));

describe('a project’s pictures', () => {
  it('uploads, lists, serves, renames and deletes a picture, for the owner only', async () => {
    const project = await newProject(amy);
    const before = await storedKeys();
    const asset = await dataOf<MakeAsset>(upload(amy, project.id, png(), { name: 'My cat' }));
    expect(asset).toMatchObject({ name: 'My cat', mime: 'image/png', bytes: 64 });
    expect((await storedKeys()).length).toBe(before.length + 1);

    const list = await dataOf<MakeAssetList>(
      as(t, amy.uid, 'GET', `/api/make/projects/${project.id}/assets`),
    );
    expect(list.assets.map((a) => a.id)).toEqual([asset.id]);
    expect(list.projectBytes).toBe(64);
    expect(list.userBytes).toBeGreaterThanOrEqual(64);

    const file = await fileOf(amy, `/api/make/projects/${project.id}/assets/${asset.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(png())).toBe(true);

    // Anyone else: the project is not theirs, so everything is "not found".
    expect((await as(t, bea.uid, 'GET', `/api/make/projects/${project.id}/assets`)).statusCode).toBe(404);
    expect((await fileOf(bea, `/api/make/projects/${project.id}/assets/${asset.id}/file`)).statusCode).toBe(
      404,
    );
    expect((await upload(bea, project.id, png())).statusCode).toBe(404);
    expect(
      (await as(t, bea.uid, 'PATCH', `/api/make/projects/${project.id}/assets/${asset.id}`, { name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(t, bea.uid, 'DELETE', `/api/make/projects/${project.id}/assets/${asset.id}`)).statusCode,
    ).toBe(404);
    // A picture of another project of the owner is not found under this one.
    const other = await newProject(amy, 'Other');
    expect((await fileOf(amy, `/api/make/projects/${other.id}/assets/${asset.id}/file`)).statusCode).toBe(
      404,
    );

    const renamed = await dataOf<MakeAsset>(
      as(t, amy.uid, 'PATCH', `/api/make/projects/${project.id}/assets/${asset.id}`, { name: '  Tiger ' }),
    );
    expect(renamed.name).toBe('Tiger');
    const bidi = await as(t, amy.uid, 'PATCH', `/api/make/projects/${project.id}/assets/${asset.id}`, {
      name: 'a\u202Eb',
    });
    expect(bidi.statusCode).toBe(400);
    const empty = await as(t, amy.uid, 'PATCH', `/api/make/projects/${project.id}/assets/${asset.id}`, {
      name: ' ',
    });
    expect(empty.statusCode).toBe(400);

    await dataOf(as(t, amy.uid, 'DELETE', `/api/make/projects/${project.id}/assets/${asset.id}`));
    expect(await rowsOf(project.id)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
    expect((await fileOf(amy, `/api/make/projects/${project.id}/assets/${asset.id}/file`)).statusCode).toBe(
      404,
    );
  });

  it('tells the type from the first bytes and refuses anything else, leaving nothing behind', async () => {
    const project = await newProject(amy);
    const before = await storedKeys();
    // A GIF sent as "x.png", "image/png": the bytes decide.
    const gifAsset = await dataOf<MakeAsset>(upload(amy, project.id, gif()));
    expect(gifAsset).toMatchObject({ mime: 'image/gif', name: 'picture' });

    const html = await upload(amy, project.id, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(415);
    expect(html.json<{ message: string }>().message).toMatch(/not a picture/);
    const big = await upload(amy, project.id, png(MAKE.assetMaxBytes + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toMatch(/larger than 2 MB/);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/make/projects/${project.id}/assets`,
      headers: { authorization: `Bearer ${amy.uid}`, 'content-type': 'application/json' },
      payload: { name: 'x' },
    });
    expect(noFile.statusCode).toBe(400);
    expect((await rowsOf(project.id)).map((r) => r.id)).toEqual([gifAsset.id]);
    expect((await storedKeys()).length).toBe(before.length + 1);
  });

  it('keeps a project within its count and size, and a student within the quota', async () => {
    const project = await newProject(amy);
    const before = await storedKeys();
    // Rows written directly stand for pictures already there (the limits read the rows).
    const filler = (n: number, bytes: number, projectId = project.id) =>
      database.db.insert(makeProjectAssets).values(
        Array.from({ length: n }, (_, i) => ({
          projectId,
          ownerId: amy.id,
          name: `p${i}`,
          mime: 'image/png',
          bytes,
          storageKey: `${ASSETS_PREFIX}filler-${projectId}-${i}`,
        })),
      );
    await filler(MAKE.assetsMaxPerProject, 1);
    const tooMany = await upload(amy, project.id, png());
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ message: string }>().message).toMatch(/at most 30 pictures/);
    await database.db.delete(makeProjectAssets).where(eq(makeProjectAssets.projectId, project.id));

    await filler(5, 2 * 1024 * 1024);
    const full = await upload(amy, project.id, png(1024));
    expect(full.statusCode).toBe(413);
    expect(full.json<{ message: string }>().message).toMatch(/pass 10 MB/);
    await database.db.delete(makeProjectAssets).where(eq(makeProjectAssets.projectId, project.id));

    // 50 MB elsewhere: this project has room, the student has not.
    const elsewhere = await newProject(amy, 'Elsewhere');
    await filler(25, 2 * 1024 * 1024, elsewhere.id);
    const quota = await upload(amy, project.id, png(1024));
    expect(quota.statusCode).toBe(413);
    expect(quota.json<{ message: string }>().message).toMatch(/all your projects would pass 50 MB/);
    // Nor can a copy pass it.
    await database.db.delete(makeProjectAssets).where(eq(makeProjectAssets.projectId, elsewhere.id));
    await filler(1, 1024);
    await filler(25, 2 * 1024 * 1024, elsewhere.id);
    const copy = await as(t, amy.uid, 'POST', `/api/make/projects/${project.id}/duplicate`, {});
    expect(copy.statusCode).toBe(409);
    expect(await storedKeys()).toEqual(before);
    await database.db
      .delete(makeProjectAssets)
      .where(like(makeProjectAssets.storageKey, `${ASSETS_PREFIX}filler-%`));
  });

  it('copies pictures with a duplicate and a remix, and removes their files only when no copy names them', async () => {
    const project = await newProject(amy, 'Zoo');
    const asset = await dataOf<MakeAsset>(upload(amy, project.id, png(), { name: 'Lion' }));
    const keysWithOne = await storedKeys();

    const copy = await dataOf<MakeProjectSummary>(
      as(t, amy.uid, 'POST', `/api/make/projects/${project.id}/duplicate`, {}),
    );
    const copied = await dataOf<MakeAssetList>(as(t, amy.uid, 'GET', `/api/make/projects/${copy.id}/assets`));
    expect(copied.assets.map((a) => a.name)).toEqual(['Lion']);
    const copiedFile = await fileOf(amy, `/api/make/projects/${copy.id}/assets/${copied.assets[0]!.id}/file`);
    expect(copiedFile.rawPayload.equals(png())).toBe(true);
    expect(await storedKeys()).toEqual(keysWithOne);

    // A reader through a share link reads the pictures and remixes them into a project of their own.
    const { token } = await dataOf<MakeShareLink>(
      as(t, amy.uid, 'POST', `/api/make/projects/${project.id}/share-link`),
    );
    const outsider = school.people.vip0;
    const shared = await dataOf<MakeAssetList>(
      as(t, outsider.uid, 'GET', `/api/make/shared/${token}/assets`),
    );
    expect(shared.assets.map((a) => a.id)).toEqual([asset.id]);
    expect(shared.userBytes).toBe(0);
    expect((await fileOf(outsider, `/api/make/shared/${token}/assets/${asset.id}/file`)).statusCode).toBe(
      200,
    );
    expect(
      (await fileOf(outsider, `/api/make/shared/${token}/assets/${copied.assets[0]!.id}/file`)).statusCode,
    ).toBe(404);
    const remix = await dataOf<MakeProjectSummary>(
      as(t, outsider.uid, 'POST', `/api/make/shared/${token}/remix`),
    );
    const remixed = await dataOf<MakeAssetList>(
      as(t, outsider.uid, 'GET', `/api/make/projects/${remix.id}/assets`),
    );
    expect(remixed.assets.map((a) => a.name)).toEqual(['Lion']);
    expect(remixed.userBytes).toBe(64);

    // Deleting the original keeps the file (two copies name it); deleting every copy removes it.
    await dataOf(as(t, amy.uid, 'DELETE', `/api/make/projects/${project.id}`));
    expect(await rowsOf(project.id)).toEqual([]);
    expect(await storedKeys()).toEqual(keysWithOne);
    await dataOf(as(t, amy.uid, 'DELETE', `/api/make/projects/${copy.id}`));
    expect(await storedKeys()).toEqual(keysWithOne);
    await dataOf(as(t, outsider.uid, 'DELETE', `/api/make/projects/${remix.id}`));
    expect((await storedKeys()).length).toBe(keysWithOne.length - 1);
  });

  it('shows pictures to classmates of a gallery project and to its teacher, and to no one else', async () => {
    const project = await newProject(amy, 'Gallery');
    const asset = await dataOf<MakeAsset>(upload(amy, project.id, png()));
    const url = `/api/make/readable/${project.id}/assets/${asset.id}/file`;
    expect((await fileOf(bea, url)).statusCode).toBe(404);
    expect((await fileOf(school.people.teacher, url)).statusCode).toBe(200);
    await dataOf(as(t, amy.uid, 'PUT', `/api/make/projects/${project.id}/class-share`, { shared: true }));
    expect((await fileOf(bea, url)).statusCode).toBe(200);
    const list = await dataOf<MakeAssetList>(
      as(t, bea.uid, 'GET', `/api/make/readable/${project.id}/assets`),
    );
    expect(list.assets.map((a) => a.id)).toEqual([asset.id]);
    expect((await fileOf(school.people.otherTeacher, url)).statusCode).toBe(404);
    expect((await fileOf(school.people.vip0, url)).statusCode).toBe(404);
  });

  it('sweeps stored pictures no row names, sparing recent ones and names not of ours', async () => {
    const project = await newProject(amy, 'Sweep');
    const kept = await dataOf<MakeAsset>(upload(amy, project.id, png()));
    const orphan = `${ASSETS_PREFIX}00000000-0000-4000-8000-000000000000`;
    const foreign = `${ASSETS_PREFIX}not-ours`;
    await store.put(orphan, png());
    await store.put(foreign, png());
    expect(await sweepOrphanAssets(database.db, store, 60_000)).toBe(0);
    expect(await sweepOrphanAssets(database.db, store, -1)).toBe(1);
    const keys = await storedKeys();
    expect(keys).not.toContain(orphan);
    expect(keys).toContain(foreign);
    const [row] = await database.db.select().from(makeProjectAssets).where(eq(makeProjectAssets.id, kept.id));
    expect(keys).toContain(row!.storageKey);
    await store.delete([foreign]);
  });
});
