import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MODEL_TRAIN, type TrainImage, type TrainProject } from '@ai-edu/contract';
import { trainImages, trainProjects } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../lib/storage/index.ts';
import { createTestApp, signedInUser, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { sweepOrphans } from './files.ts';
import { imageUploadLimitKey } from './image-routes.ts';
import { classWithStudent, jpeg, png, requestAs, uploadAs, webp, type FilePart } from './test-fixtures.ts';

let database: TestDatabase;
let t: TestApp;
let as: ReturnType<typeof requestAs>;
let upload: ReturnType<typeof uploadAs>;
let owner: { uid: string; id: string };
let stranger: { uid: string; id: string };
let filesDir: string;
/** The app's store (the local disk under DATA_DIR): the same folder, seen through the store. */
let store: LocalDiskStore;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  as = requestAs(t);
  upload = uploadAs(t);
  owner = await signedInUser(t, 'images.owner@example.com', { vip: '1' });
  stranger = await signedInUser(t, 'images.stranger@example.com', { vip: '1' });
  filesDir = path.join(t.config.dataDir, 'train');
  store = new LocalDiskStore(t.config.dataDir);
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.delete(trainProjects);
  t.clock.advance(61_000);
});

const data = <T>(res: { json: <R>() => R }) => res.json<ProductReply<T>>().data;
const messageOf = (res: { json: <R>() => R }) => res.json<{ message: string }>().message;
const storedFiles = async () => (await readdir(filesDir).catch(() => [] as string[])).sort();
const rowCount = async () => (await database.db.select({ n: count() }).from(trainImages))[0]!.n;

async function project(kind: 'cls' | 'det' = 'cls', uid = owner.uid) {
  const res = await as(uid, 'POST', '/api/train/projects', { name: 'Set', kind, classes: ['cat', 'dog'] });
  return data<TrainProject>(res);
}

const imagePart = (content: Buffer, name = 'photo.png'): FilePart => ({ field: 'image', name, content });
const add = (projectId: number, fields: Record<string, string>, files: FilePart[], uid = owner.uid) =>
  upload(uid, `/api/train/projects/${projectId}/images`, { fileName: 'photo.png', ...fields }, files);

describe('adding images', () => {
  it('stores PNG, JPEG and WebP, reads their size from the bytes and serves them behind signed links', async () => {
    const p = await project();
    for (const [content, size] of [
      [png(30, 20), [30, 20]],
      [jpeg(640, 480), [640, 480]],
      [webp(300, 200), [300, 200]],
    ] as const) {
      const res = await add(p.id, { label: 'cat', split: 'train' }, [imagePart(content)]);
      expect(res.statusCode, res.body).toBe(200);
      const image = data<TrainImage>(res);
      expect([image.width, image.height]).toEqual(size);
      expect(image).toMatchObject({
        label: 'cat',
        split: 'train',
        boxes: [],
        bytes: content.length,
        fileName: 'photo.png',
      });
      const file = await t.app.inject({ method: 'GET', url: image.url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(content)).toBe(true);
      // No thumbnail sent: the image is its own thumbnail.
      expect(image.thumbUrl).toBe(image.url);
    }
    const types = (await as(owner.uid, 'GET', `/api/train/projects/${p.id}/images`)).json<
      ProductReply<{ images: TrainImage[] }>
    >().data.images;
    expect(types).toHaveLength(3);
    const served = await Promise.all(types.map((i) => t.app.inject({ method: 'GET', url: i.url })));
    expect(served.map((s) => s.headers['content-type'])).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(data<TrainProject>(await as(owner.uid, 'GET', `/api/train/projects/${p.id}`)).imageCount).toBe(3);
  });

  it('drops direction overrides from a file name, which classmates see (the display-name rule)', async () => {
    const p = await project();
    // Reads "photo_exe.png" on screen: U+202E turns the rest around.
    const res = await add(p.id, { fileName: 'photo_\u202egnp.exe\u202c' }, [imagePart(png(30, 20))]);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<TrainImage>(res).fileName).toBe('photo_gnp.exe');
    // Stored before the rule: shown without them too.
    await database.db
      .update(trainImages)
      .set({ fileName: 'old\u2066name\u2069.png' })
      .where(eq(trainImages.projectId, p.id));
    const listed = data<{ images: TrainImage[] }>(
      await as(owner.uid, 'GET', `/api/train/projects/${p.id}/images`),
    );
    expect(listed.images.map((i) => i.fileName)).toEqual(['oldname.png']);
    const onlyOverrides = await add(p.id, { fileName: '\u202e\u202c' }, [imagePart(png(30, 20))]);
    expect(onlyOverrides.statusCode).toBe(400);
  });

  it('keeps a thumbnail sent with the image and serves it at thumbUrl', async () => {
    const p = await project();
    const thumb = jpeg(160, 120);
    const res = await add(p.id, {}, [
      imagePart(png(400, 300)),
      { field: 'thumb', name: 't.jpg', content: thumb },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const image = data<TrainImage>(res);
    expect(image.thumbUrl).not.toBe(image.url);
    const served = await t.app.inject({ method: 'GET', url: image.thumbUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(thumb)).toBe(true);
    expect(image.label).toBeNull();
  });

  it('refuses what is not an image, too large or too wide, leaving no file and no row', async () => {
    const p = await project();
    const before = await storedFiles();
    const cases: [FilePart[], number, RegExp][] = [
      [[imagePart(Buffer.from('just some text, not a picture'), 'x.png')], 415, /JPEG, PNG or WebP/],
      [
        [imagePart(Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]), 'x.gif')],
        415,
        /JPEG, PNG or WebP/,
      ],
      [[imagePart(Buffer.concat([png(4, 4), Buffer.alloc(MODEL_TRAIN.maxImageBytes)]))], 413, /5 MB/],
      [[imagePart(png(4, 4, { width: MODEL_TRAIN.maxImageSide + 1, height: 10 }))], 413, /8,192/],
      [[imagePart(png(4, 4)), { field: 'thumb', name: 't', content: Buffer.from('nope') }], 415, /thumbnail/],
      [
        [
          imagePart(png(4, 4)),
          { field: 'thumb', name: 't', content: Buffer.concat([jpeg(9, 9), Buffer.alloc(70_000)]) },
        ],
        413,
        /64 KB/,
      ],
      [[{ field: 'other', name: 'x', content: png(4, 4) }], 400, /unexpected file/],
      [[], 400, /no file/],
    ];
    for (const [files, status, message] of cases) {
      const res = await add(p.id, {}, files);
      expect(res.statusCode, res.body).toBe(status);
      expect(messageOf(res)).toMatch(message);
    }
    expect(await storedFiles()).toEqual(before);
    expect(await rowCount()).toBe(0);
  });

  it('checks labels and boxes against the classes and the image', async () => {
    const p = await project('det');
    const box = (b: object) => JSON.stringify([{ label: 'cat', x: 1, y: 1, w: 10, h: 10, ...b }]);
    const refused: [Record<string, string>, RegExp][] = [
      [{ label: 'horse' }, /not one of the project's classes/],
      [{ boxes: box({ label: 'horse' }) }, /not one of the project's classes/],
      [{ boxes: box({ x: 25, w: 10 }) }, /outside/],
      [{ boxes: box({ y: 15, h: 10 }) }, /outside/],
      [{ boxes: box({ w: 0 }) }, /bad request/],
      [{ boxes: '[{' }, /JSON/],
      [{ split: 'holdout' }, /bad request/],
      [{ fileName: '' }, /bad request/],
    ];
    for (const [fields, message] of refused) {
      const res = await add(p.id, fields, [imagePart(png(30, 20))]);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(messageOf(res)).toMatch(message);
    }
    const ok = await add(p.id, { boxes: box({ x: 20, y: 10, w: 10, h: 10, label: 'dog' }) }, [
      imagePart(png(30, 20)),
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<TrainImage>(ok).boxes).toEqual([{ label: 'dog', x: 20, y: 10, w: 10, h: 10 }]);
    expect(await rowCount()).toBe(1);
  });

  it("refuses adding to another user's project (404)", async () => {
    const p = await project();
    const res = await add(p.id, {}, [imagePart(png(4, 4))], stranger.uid);
    expect(res.statusCode).toBe(404);
    expect(await rowCount()).toBe(0);
  });

  it('keeps to the per-minute upload rate', async () => {
    const p = await project();
    for (let i = 0; i < MODEL_TRAIN.imageUploadsPerMinute; i++) {
      await t.limiter.hit(imageUploadLimitKey(owner.id), MODEL_TRAIN.imageUploadsPerMinute, 60_000);
    }
    const res = await add(p.id, {}, [imagePart(png(4, 4))]);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    t.clock.advance(61_000);
    expect((await add(p.id, {}, [imagePart(png(4, 4))])).statusCode).toBe(200);
  });

  it('keeps to the image cap of a project', async () => {
    const p = await project();
    const row = {
      projectId: p.id,
      ownerId: owner.id,
      width: 1,
      height: 1,
      fileName: 'x.png',
      fileKey: 'missing.png',
      bytes: 1,
    };
    await database.db
      .insert(trainImages)
      .values(Array.from({ length: MODEL_TRAIN.maxImagesPerProject }, () => row));
    const before = await storedFiles();
    const res = await add(p.id, {}, [imagePart(png(4, 4))]);
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toMatch(/2,000 images/);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a link with a wrong signature or past its time', async () => {
    const p = await project();
    const image = data<TrainImage>(await add(p.id, {}, [imagePart(png(4, 4))]));
    const wrong = image.url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await t.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(403);
    t.clock.advance(25 * 3600_000);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/train/files/../../etc/passwd?exp=1&sig=x' }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe('the storage quota', () => {
  it('refuses an image that would pass the quota, naming used and limit, leaving nothing behind', async () => {
    const small = await createTestApp({ TRAIN_QUOTA_MB: '1' }, database);
    try {
      const user = await signedInUser(small, 'images.quota@example.com', { vip: '1' });
      const p = data<TrainProject>(
        await requestAs(small)(user.uid, 'POST', '/api/train/projects', { name: 'Big', kind: 'cls' }),
      );
      const big = Buffer.concat([png(4, 4), Buffer.alloc(400 * 1024)]);
      const send = () =>
        uploadAs(small)(user.uid, `/api/train/projects/${p.id}/images`, { fileName: 'big.png' }, [
          imagePart(big),
        ]);
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const dir = path.join(small.config.dataDir, 'train');
      const before = (await readdir(dir)).sort();
      const refused = await send();
      expect(refused.statusCode).toBe(413);
      expect(messageOf(refused)).toMatch(/storage is full.*0\.8 MB \/ 1\.0 MB/);
      expect((await readdir(dir)).sort()).toEqual(before);
      const rows = await database.db
        .select({ n: count() })
        .from(trainImages)
        .where(eq(trainImages.projectId, p.id));
      expect(rows[0]!.n).toBe(2);
      const quota = data<{ usedBytes: number; limitBytes: number }>(
        await requestAs(small)(user.uid, 'GET', '/api/train/quota'),
      );
      expect(quota).toEqual({ usedBytes: 2 * big.length, limitBytes: 1024 * 1024 });
      // A duplicate would need as much again: refused too, and no project made.
      const dup = await requestAs(small)(user.uid, 'POST', `/api/train/projects/${p.id}/duplicate`, {});
      expect(dup.statusCode).toBe(413);
      const projects = data<{ projects: TrainProject[] }>(
        await requestAs(small)(user.uid, 'GET', '/api/train/projects'),
      );
      expect(projects.projects).toHaveLength(1);
    } finally {
      await small.close();
    }
  });
});

describe('changing and deleting images', () => {
  it('changes one image, and many at once', async () => {
    const p = await project('det');
    const a = data<TrainImage>(await add(p.id, {}, [imagePart(png(30, 20))]));
    const b = data<TrainImage>(await add(p.id, {}, [imagePart(png(30, 20))]));
    const one = await as(owner.uid, 'PATCH', `/api/train/images/${a.id}`, {
      split: 'test',
      boxes: [{ label: 'cat', x: 0, y: 0, w: 30, h: 20 }],
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(data<TrainImage>(one)).toMatchObject({
      split: 'test',
      boxes: [{ label: 'cat', x: 0, y: 0, w: 30, h: 20 }],
    });
    expect((await as(owner.uid, 'PATCH', `/api/train/images/${a.id}`, { label: 'cow' })).statusCode).toBe(
      400,
    );
    expect(
      (
        await as(owner.uid, 'PATCH', `/api/train/images/${a.id}`, {
          boxes: [{ label: 'cat', x: 0, y: 0, w: 31, h: 1 }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await as(stranger.uid, 'PATCH', `/api/train/images/${a.id}`, { split: 'val' })).statusCode).toBe(
      404,
    );
    expect((await as(owner.uid, 'PATCH', '/api/train/images/999999', { split: 'val' })).statusCode).toBe(404);

    const many = await as(owner.uid, 'POST', `/api/train/projects/${p.id}/images/update`, {
      updates: [
        { id: a.id, split: 'train' },
        { id: b.id, split: 'val', label: 'dog' },
      ],
    });
    expect(many.statusCode, many.body).toBe(200);
    const changed = data<{ images: TrainImage[] }>(many).images.sort((x, y) => x.id - y.id);
    expect(changed.map((i) => [i.split, i.label])).toEqual([
      ['train', null],
      ['val', 'dog'],
    ]);
    // One bad change refuses them all.
    const refused = await as(owner.uid, 'POST', `/api/train/projects/${p.id}/images/update`, {
      updates: [
        { id: a.id, split: 'test' },
        { id: b.id, label: 'cow' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    const other = await project();
    const foreign = await as(owner.uid, 'POST', `/api/train/projects/${other.id}/images/update`, {
      updates: [{ id: a.id, split: 'test' }],
    });
    expect(foreign.statusCode).toBe(404);
    const [row] = await database.db.select().from(trainImages).where(eq(trainImages.id, a.id));
    expect(row!.split).toBe('train');
  });

  it('deleting images and projects removes their files, but not files a duplicate still uses', async () => {
    const p = await project();
    const before = await storedFiles();
    const a = data<TrainImage>(
      await add(p.id, {}, [imagePart(png(8, 8)), { field: 'thumb', name: 't', content: jpeg(4, 4) }]),
    );
    const b = data<TrainImage>(await add(p.id, {}, [imagePart(png(9, 9))]));
    expect((await storedFiles()).length).toBe(before.length + 3);

    const removed = await as(owner.uid, 'POST', `/api/train/projects/${p.id}/images/delete`, { ids: [a.id] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(data<{ removed: number }>(removed).removed).toBe(1);
    expect((await storedFiles()).length).toBe(before.length + 1);
    expect((await t.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(404);

    const copy = data<TrainProject>(await as(owner.uid, 'POST', `/api/train/projects/${p.id}/duplicate`, {}));
    // The copy shares the file: deleting the original keeps it.
    expect((await as(owner.uid, 'DELETE', `/api/train/projects/${p.id}`)).statusCode).toBe(200);
    expect((await storedFiles()).length).toBe(before.length + 1);
    const copied = data<{ images: TrainImage[] }>(
      await as(owner.uid, 'GET', `/api/train/projects/${copy.id}/images`),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: copied.images[0]!.url })).rawPayload.equals(png(9, 9)),
    ).toBe(true);
    expect(b.id).not.toBe(copied.images[0]!.id);

    expect((await as(owner.uid, 'DELETE', `/api/train/projects/${copy.id}`)).statusCode).toBe(200);
    expect(await storedFiles()).toEqual(before);
    expect(await rowCount()).toBe(0);
  });
});

describe('sweeping files no row names', () => {
  it('finds nothing to do on a server that has never stored a training file', async () => {
    expect(await sweepOrphans(database.db, new LocalDiskStore(path.join(filesDir, 'never-made')), -1)).toBe(
      0,
    );
  });

  it('removes old files whose rows went by a cascade, and keeps recent and named ones', async () => {
    // Earlier tests' rows went with their projects (deleted straight from the database): clear those first.
    await sweepOrphans(database.db, store, -1);
    const school = await signedInUser(t, 'images.sweep@example.com', {
      vip: '2',
      days: '365',
      company: 'Sweep',
    });
    const { classId, student } = await classWithStudent(t, school.uid, 'Eve', 'sweepschool');
    const mine = await project();
    const kept = data<TrainImage>(await add(mine.id, {}, [imagePart(png(5, 5))]));
    const theirs = await project('cls', student);
    await add(theirs.id, {}, [imagePart(png(6, 6))], student);
    const before = await storedFiles();
    // Deleting the class deletes its student accounts; their rows go by cascade, their files stay.
    expect((await as(school.uid, 'DELETE', `/api/classes/${classId}`)).statusCode).toBe(200);
    expect(await storedFiles()).toEqual(before);
    expect(await sweepOrphans(database.db, store, -1)).toBe(1);
    expect((await storedFiles()).length).toBe(before.length - 1);
    expect((await t.app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
    // A file written just now may be an upload whose row is not yet committed: it stays.
    await store.put('train/00000000-0000-4000-8000-000000000000.png', png(1, 1));
    expect(await sweepOrphans(database.db, store)).toBe(0);
    expect(await sweepOrphans(database.db, store, -1)).toBe(1);
  });
});
