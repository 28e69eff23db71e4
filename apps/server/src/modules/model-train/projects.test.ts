import {
  DEFAULT_TRAIN_SETTINGS_BY_KIND,
  MODEL_TRAIN,
  type TrainImage,
  type TrainProject,
  type TrainQuota,
} from '@ai-edu/contract';
import { trainProjects } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { classWithStudent, png, requestAs, uploadAs } from './test-fixtures.ts';

let database: TestDatabase;
let t: TestApp;
let as: ReturnType<typeof requestAs>;
let upload: ReturnType<typeof uploadAs>;
let school: { uid: string; id: string };
let otherSchool: { uid: string; id: string };
let learner: { uid: string; id: string };
let stranger: { uid: string; id: string };

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  as = requestAs(t);
  upload = uploadAs(t);
  school = await signedInUser(t, 'train.school@example.com', {
    vip: '2',
    days: '365',
    company: 'Lake School',
  });
  otherSchool = await signedInUser(t, 'train.hill@example.com', { vip: '2', days: '365', company: 'Hill' });
  learner = await signedInUser(t, 'train.learner@example.com', { vip: '1' });
  stranger = await signedInUser(t, 'train.stranger@example.com', { vip: '0' });
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

async function create(
  uid: string,
  body: object = { name: 'Fruit', kind: 'cls', classes: ['apple', 'pear'] },
) {
  const res = await as(uid, 'POST', '/api/train/projects', body);
  expect(res.statusCode, res.body).toBe(200);
  return data<TrainProject>(res);
}

async function addImage(uid: string, projectId: number, label: string | null = 'apple') {
  const res = await upload(
    uid,
    `/api/train/projects/${projectId}/images`,
    { fileName: 'a.png', ...(label ? { label } : {}) },
    [{ field: 'image', name: 'a.png', content: png(20, 10) }],
  );
  expect(res.statusCode, res.body).toBe(200);
  return data<TrainImage>(res);
}

describe('training projects', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/train/projects' })).statusCode).toBe(401);
    expect(
      (await as('not-a-session', 'POST', '/api/train/projects', { name: 'x', kind: 'cls' })).statusCode,
    ).toBe(401);
  });

  it('creates, lists, reads, renames and deletes a project, with default settings per kind', async () => {
    const project = await create(learner.uid);
    expect(project).toMatchObject({
      name: 'Fruit',
      kind: 'cls',
      classes: ['apple', 'pear'],
      settings: { epochs: 30, learningRate: 0.001, batchSize: 16, augment: true },
      imageCount: 0,
      bytes: 0,
      readOnly: false,
      sharedBy: null,
      sharedWith: null,
      models: [],
      lastRun: null,
    });
    const det = await create(learner.uid, { name: 'Shapes', kind: 'det' });
    expect(det.settings).toEqual(DEFAULT_TRAIN_SETTINGS_BY_KIND.det);
    expect(det.classes).toEqual([]);

    const list = data<{ projects: TrainProject[]; shared: TrainProject[] }>(
      await as(learner.uid, 'GET', '/api/train/projects'),
    );
    expect(list.projects.map((p) => p.name).sort()).toEqual(['Fruit', 'Shapes']);
    expect(list.shared).toEqual([]);

    const lastRun = { at: new Date().toISOString(), epochs: 5, trainMs: 1200, accuracy: 0.9, map: null };
    const patched = await as(learner.uid, 'PATCH', `/api/train/projects/${project.id}`, {
      name: 'Fruit 2',
      settings: { epochs: 10, learningRate: 0.01, batchSize: 8, augment: false },
      splitSeed: 42,
      lastRun,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(data<TrainProject>(patched)).toMatchObject({ name: 'Fruit 2', splitSeed: 42, lastRun });
    const read = data<TrainProject>(await as(learner.uid, 'GET', `/api/train/projects/${project.id}`));
    expect(read.settings.epochs).toBe(10);

    expect((await as(learner.uid, 'DELETE', `/api/train/projects/${project.id}`)).statusCode).toBe(200);
    expect((await as(learner.uid, 'GET', `/api/train/projects/${project.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400', async () => {
    const cases = [
      { name: '', kind: 'cls' },
      { name: 'x', kind: 'seg' },
      { name: 'x', kind: 'cls', classes: ['cat', 'Cat'] },
      { name: 'x', kind: 'cls', classes: ['-dash first'] },
      { name: 'x'.repeat(41), kind: 'cls' },
    ];
    for (const body of cases) {
      const res = await as(learner.uid, 'POST', '/api/train/projects', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const project = await create(learner.uid);
    expect((await as(learner.uid, 'PATCH', `/api/train/projects/${project.id}`, {})).statusCode).toBe(400);
    expect((await as(learner.uid, 'GET', '/api/train/projects/abc')).statusCode).toBe(400);
  });

  it("hides another user's project (404 to read, change, delete, duplicate or share)", async () => {
    const project = await create(learner.uid);
    const url = `/api/train/projects/${project.id}`;
    expect((await as(stranger.uid, 'GET', url)).statusCode).toBe(404);
    expect((await as(stranger.uid, 'PATCH', url, { name: 'Mine' })).statusCode).toBe(404);
    expect((await as(stranger.uid, 'DELETE', url)).statusCode).toBe(404);
    expect((await as(stranger.uid, 'POST', `${url}/duplicate`, {})).statusCode).toBe(404);
    expect((await as(stranger.uid, 'GET', `${url}/images`)).statusCode).toBe(404);
    expect((await as(otherSchool.uid, 'PUT', `${url}/share`, { classId: null })).statusCode).toBe(404);
    const list = data<{ projects: TrainProject[] }>(await as(stranger.uid, 'GET', '/api/train/projects'));
    expect(list.projects).toEqual([]);
    expect(data<TrainProject>(await as(learner.uid, 'GET', url)).name).toBe('Fruit');
  });

  it('keeps to 50 projects per user', async () => {
    const values = Array.from({ length: MODEL_TRAIN.maxProjectsPerUser }, (_, i) => ({
      ownerId: stranger.id,
      name: `p${i}`,
      kind: 'cls',
      classes: [],
      settings: { epochs: 1, learningRate: 0.01, batchSize: 1, augment: false },
      splitSeed: 1,
    }));
    await database.db.insert(trainProjects).values(values);
    const res = await as(stranger.uid, 'POST', '/api/train/projects', { name: 'one more', kind: 'cls' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/50 training projects/);
  });

  it('refuses to drop a class that still labels images, and allows it once unused', async () => {
    const project = await create(learner.uid);
    const image = await addImage(learner.uid, project.id, 'pear');
    const url = `/api/train/projects/${project.id}`;
    const refused = await as(learner.uid, 'PATCH', url, { classes: ['apple'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/pear/);
    expect(
      (await as(learner.uid, 'PATCH', `/api/train/images/${image.id}`, { label: 'apple' })).statusCode,
    ).toBe(200);
    const ok = await as(learner.uid, 'PATCH', url, { classes: ['apple'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(data<TrainProject>(ok).classes).toEqual(['apple']);
  });

  it('reports the quota: used bytes of images and the limit', async () => {
    const project = await create(learner.uid);
    const before = data<TrainQuota>(await as(learner.uid, 'GET', '/api/train/quota'));
    expect(before).toEqual({ usedBytes: 0, limitBytes: MODEL_TRAIN.defaultQuotaBytes });
    const image = await addImage(learner.uid, project.id);
    const after = data<TrainQuota>(await as(learner.uid, 'GET', '/api/train/quota'));
    expect(after.usedBytes).toBe(image.bytes);
    expect(image.bytes).toBe(png(20, 10).length);
  });
});

describe('duplicating and sharing', () => {
  it('duplicates an own project: classes, settings and images, counted again against the quota', async () => {
    const project = await create(learner.uid);
    await as(learner.uid, 'PATCH', `/api/train/projects/${project.id}`, {
      settings: { epochs: 7, learningRate: 0.02, batchSize: 4, augment: false },
    });
    const image = await addImage(learner.uid, project.id);
    const res = await as(learner.uid, 'POST', `/api/train/projects/${project.id}/duplicate`, {});
    expect(res.statusCode, res.body).toBe(200);
    const copy = data<TrainProject>(res);
    expect(copy).toMatchObject({
      name: 'Fruit (copy)',
      classes: ['apple', 'pear'],
      imageCount: 1,
      readOnly: false,
    });
    expect(copy.settings.epochs).toBe(7);
    expect(copy.id).not.toBe(project.id);
    const images = data<{ images: TrainImage[] }>(
      await as(learner.uid, 'GET', `/api/train/projects/${copy.id}/images`),
    );
    expect(images.images).toHaveLength(1);
    expect(images.images[0]).toMatchObject({ label: 'apple', width: 20, height: 10, projectId: copy.id });
    expect(images.images[0]!.id).not.toBe(image.id);
    const quota = data<TrainQuota>(await as(learner.uid, 'GET', '/api/train/quota'));
    expect(quota.usedBytes).toBe(2 * image.bytes);
    const named = await as(learner.uid, 'POST', `/api/train/projects/${project.id}/duplicate`, {
      name: 'Mine',
    });
    expect(data<TrainProject>(named).name).toBe('Mine');
  });

  it('a school shares a project with its class: students read it, cannot change it, may duplicate it', async () => {
    const { classId, student } = await classWithStudent(t, school.uid, 'Ann', 'lakeshare');
    const project = await create(school.uid);
    await addImage(school.uid, project.id);
    const shared = await as(school.uid, 'PUT', `/api/train/projects/${project.id}/share`, { classId });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(data<TrainProject>(shared).sharedWith).toEqual({ classId, className: 'Class of Ann' });

    const list = data<{ projects: TrainProject[]; shared: TrainProject[] }>(
      await as(student, 'GET', '/api/train/projects'),
    );
    expect(list.projects).toEqual([]);
    expect(list.shared).toHaveLength(1);
    expect(list.shared[0]).toMatchObject({
      id: project.id,
      readOnly: true,
      sharedBy: 'Lake School',
      sharedWith: null,
    });
    const url = `/api/train/projects/${project.id}`;
    expect((await as(student, 'GET', url)).statusCode).toBe(200);
    const images = data<{ images: TrainImage[] }>(await as(student, 'GET', `${url}/images`));
    expect(images.images).toHaveLength(1);

    for (const [method, path, body] of [
      ['PATCH', url, { name: 'Hacked' }],
      ['DELETE', url, undefined],
      ['POST', `${url}/images/delete`, { ids: [images.images[0]!.id] }],
      ['PATCH', `/api/train/images/${images.images[0]!.id}`, { label: 'pear' }],
      ['PUT', `${url}/share`, { classId: null }],
    ] as const) {
      const res = await as(student, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/read only/);
    }
    const addRefused = await upload(student, `${url}/images`, { fileName: 'b.png' }, [
      { field: 'image', name: 'b.png', content: png(4, 4) },
    ]);
    expect(addRefused.statusCode).toBe(403);

    const dup = await as(student, 'POST', `${url}/duplicate`, {});
    expect(dup.statusCode, dup.body).toBe(200);
    expect(data<TrainProject>(dup)).toMatchObject({ readOnly: false, imageCount: 1, sharedBy: null });
    const mine = data<{ projects: TrainProject[] }>(await as(student, 'GET', '/api/train/projects'));
    expect(mine.projects).toHaveLength(1);

    // Stopping the share hides it again.
    expect((await as(school.uid, 'PUT', `${url}/share`, { classId: null })).statusCode).toBe(200);
    expect((await as(student, 'GET', url)).statusCode).toBe(404);
  });

  it('only a school account shares, and only with its own classes', async () => {
    const { classId } = await classWithStudent(t, school.uid, 'Bob', 'lakeshare');
    const own = await create(learner.uid);
    const notSchool = await as(learner.uid, 'PUT', `/api/train/projects/${own.id}/share`, { classId });
    expect(notSchool.statusCode).toBe(403);
    expect(notSchool.json<{ message: string }>().message).toMatch(/school/);

    const hills = await create(otherSchool.uid);
    const notTheirs = await as(otherSchool.uid, 'PUT', `/api/train/projects/${hills.id}/share`, { classId });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json<{ message: string }>().message).toMatch(/class of your own/);
    const unknown = await as(otherSchool.uid, 'PUT', `/api/train/projects/${hills.id}/share`, {
      classId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(403);
    expect(
      (await as(otherSchool.uid, 'PUT', `/api/train/projects/${hills.id}/share`, { classId: 5 })).statusCode,
    ).toBe(400);
    expect(
      data<TrainProject>(await as(otherSchool.uid, 'GET', `/api/train/projects/${hills.id}`)).sharedWith,
    ).toBe(null);
  });
});
