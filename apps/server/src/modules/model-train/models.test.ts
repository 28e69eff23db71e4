import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  MODEL_TRAIN,
  type EvaluationRecord,
  type OnnxModel,
  type SavedModel,
  type TrainProject,
} from '@ai-edu/contract';
import { onnxModels, trainModels, trainProjects } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../lib/storage/index.ts';
import { createTestApp, signedInUser, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { readOnnxInfo } from './onnx-info.ts';
import { classWithStudent, png, requestAs, tinyOnnx, uploadAs, zipBytes } from './test-fixtures.ts';

let database: TestDatabase;
let t: TestApp;
let as: ReturnType<typeof requestAs>;
let upload: ReturnType<typeof uploadAs>;
let owner: { uid: string; id: string };
let stranger: { uid: string; id: string };
let school: { uid: string; id: string };
let filesDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({}, database);
  as = requestAs(t);
  upload = uploadAs(t);
  owner = await signedInUser(t, 'models.owner@example.com', { vip: '1' });
  stranger = await signedInUser(t, 'models.stranger@example.com', { vip: '0' });
  school = await signedInUser(t, 'models.school@example.com', {
    vip: '2',
    days: '365',
    company: 'Sea School',
  });
  filesDir = path.join(t.config.dataDir, 'train');
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.delete(trainProjects);
  await database.db.delete(onnxModels);
  t.clock.advance(61_000);
});

const data = <T>(res: { json: <R>() => R }) => res.json<ProductReply<T>>().data;
const messageOf = (res: { json: <R>() => R }) => res.json<{ message: string }>().message;
/** Files in place (`.part` files of uploads in flight would show too). */
const storedFiles = async () => (await readdir(filesDir).catch(() => [] as string[])).sort();
/** The keys the store holds under `train/`, as the app's store (the local disk under DATA_DIR) lists them. */
async function storeKeys(app = t): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of new LocalDiskStore(app.config.dataDir).list('train/')) keys.push(object.key);
  return keys.sort();
}
/** Unfinished writes the local store would have left beside the keys. */
const partFiles = async (app = t) =>
  (await readdir(path.join(app.config.dataDir, 'train')).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.part'),
  );

async function project(uid = owner.uid) {
  const res = await as(uid, 'POST', '/api/train/projects', {
    name: 'Pets',
    kind: 'cls',
    classes: ['cat', 'dog'],
  });
  return data<TrainProject>(res);
}

const summary = { at: '2026-03-01T08:00:00.000Z', epochs: 10, trainMs: 5000, accuracy: 0.96, map: null };

const saveModel = (projectId: number, fields: Record<string, string>, content: Buffer, uid = owner.uid) =>
  upload(uid, `/api/train/projects/${projectId}/models`, fields, [{ field: 'model', name: 'm', content }]);

const uploadOnnx = (content: Buffer, name = 'My model', uid = owner.uid) =>
  upload(uid, '/api/onnx/upload', { name }, [{ field: 'model', name: 'm.onnx', content }]);

describe('saved models', () => {
  it('saves a TF.js zip and an ONNX file, lists them in the project, downloads and deletes them', async () => {
    const p = await project();
    const zip = zipBytes();
    const tfjs = await saveModel(
      p.id,
      { name: 'First', format: 'tfjs', summary: JSON.stringify(summary) },
      zip,
    );
    expect(tfjs.statusCode, tfjs.body).toBe(200);
    const saved = data<SavedModel>(tfjs);
    expect(saved).toMatchObject({
      name: 'First',
      format: 'tfjs',
      bytes: zip.length,
      summary,
      projectId: p.id,
    });
    const onnxFile = tinyOnnx();
    const onnx = await saveModel(p.id, { name: 'Second', format: 'onnx' }, onnxFile);
    expect(onnx.statusCode, onnx.body).toBe(200);
    expect(data<SavedModel>(onnx).summary).toBeNull();

    const listed = data<TrainProject>(await as(owner.uid, 'GET', `/api/train/projects/${p.id}`)).models;
    expect(listed.map((m) => m.name).sort()).toEqual(['First', 'Second']);
    const download = await t.app.inject({ method: 'GET', url: saved.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(zip)).toBe(true);
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''First.zip");
    const quota = data<{ usedBytes: number }>(await as(owner.uid, 'GET', '/api/train/quota'));
    expect(quota.usedBytes).toBe(zip.length + onnxFile.length);

    expect((await as(stranger.uid, 'DELETE', `/api/train/models/${saved.id}`)).statusCode).toBe(404);
    expect((await as(owner.uid, 'DELETE', `/api/train/models/${saved.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: saved.url })).statusCode).toBe(404);
    expect(data<TrainProject>(await as(owner.uid, 'GET', `/api/train/projects/${p.id}`)).models).toHaveLength(
      1,
    );
  });

  it('refuses a tfjs model that is not a zip, an onnx one that is not ONNX, bad fields; nothing stays', async () => {
    const p = await project();
    const before = await storedFiles();
    const cases: [Record<string, string>, Buffer, number, RegExp][] = [
      [{ name: 'x', format: 'tfjs' }, Buffer.from('{"modelTopology":{}}'), 415, /\.zip/],
      [{ name: 'x', format: 'onnx' }, Buffer.from('definitely not a protobuf \x00\xff'), 415, /not an ONNX/],
      [{ name: 'x', format: 'onnx' }, zipBytes(), 415, /not an ONNX/],
      [{ name: 'x', format: 'keras' }, zipBytes(), 400, /bad request/],
      [{ name: '', format: 'tfjs' }, zipBytes(), 400, /bad request/],
      [{ name: 'x', format: 'tfjs', summary: '{oops' }, zipBytes(), 400, /summary must be JSON/],
    ];
    for (const [fields, content, status, message] of cases) {
      const res = await saveModel(p.id, fields, content);
      expect(res.statusCode, res.body).toBe(status);
      expect(messageOf(res)).toMatch(message);
    }
    expect(await storedFiles()).toEqual(before);
    expect((await database.db.select({ n: count() }).from(trainModels))[0]!.n).toBe(0);
    expect((await saveModel(p.id, { name: 'x', format: 'tfjs' }, zipBytes(), stranger.uid)).statusCode).toBe(
      404,
    );
  });

  it('refuses a model over 50 MB while it streams, leaving no temporary file', async () => {
    const p = await project();
    const before = await storedFiles();
    const huge = Buffer.concat([zipBytes(), Buffer.alloc(MODEL_TRAIN.maxModelBytes)]);
    const res = await saveModel(p.id, { name: 'Huge', format: 'tfjs' }, huge);
    expect(res.statusCode).toBe(413);
    expect(messageOf(res)).toMatch(/50 MB/);
    expect(await storedFiles()).toEqual(before);
  });

  it('keeps to 20 saved models per project and user', async () => {
    const p = await project();
    await database.db.insert(trainModels).values(
      Array.from({ length: MODEL_TRAIN.maxModelsPerProject }, (_, i) => ({
        projectId: p.id,
        userId: owner.id,
        name: `m${i}`,
        format: 'tfjs',
        bytes: 1,
        fileKey: `gone-${i}.zip`,
      })),
    );
    const before = await storedFiles();
    const res = await saveModel(p.id, { name: 'one more', format: 'tfjs' }, zipBytes());
    expect(res.statusCode).toBe(409);
    expect(await storedFiles()).toEqual(before);
  });

  it('a student saves their own model of a project shared with the class; the owner does not see it', async () => {
    const { classId, student } = await classWithStudent(t, school.uid, 'Cai', 'seamodels');
    const p = await project(school.uid);
    await as(school.uid, 'PUT', `/api/train/projects/${p.id}/share`, { classId });
    const res = await saveModel(p.id, { name: 'Mine', format: 'tfjs' }, zipBytes(), student);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<TrainProject>(await as(student, 'GET', `/api/train/projects/${p.id}`)).models).toHaveLength(
      1,
    );
    expect(
      data<TrainProject>(await as(school.uid, 'GET', `/api/train/projects/${p.id}`)).models,
    ).toHaveLength(0);
    // Deleting the project takes every model of it, and their files.
    const before = await storedFiles();
    await as(school.uid, 'DELETE', `/api/train/projects/${p.id}`);
    expect((await storedFiles()).length).toBe(before.length - 1);
  });
});

describe('models in the store', () => {
  it('stores a saved model as .zip or .onnx by its bytes, whichever order the form sends file and fields', async () => {
    const p = await project();
    const before = await storeKeys();
    // The file part first, its fields after it: the key is chosen before the format field is read.
    const boundary = '----fieldsafterfile';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/train/projects/${p.id}/models`,
      headers: {
        authorization: `Bearer ${owner.uid}`,
        'accept-language': 'en',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="model"; filename="m"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        zipBytes(),
        Buffer.from(`\r\n${field('name', 'Late')}${field('format', 'tfjs')}--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = data<SavedModel>(res);
    expect(saved).toMatchObject({ name: 'Late', format: 'tfjs', bytes: zipBytes().length });
    const download = await t.app.inject({ method: 'GET', url: saved.url });
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('Late.zip');
    expect(download.rawPayload.equals(zipBytes())).toBe(true);
    const onnx = data<SavedModel>(await saveModel(p.id, { name: 'Net', format: 'onnx' }, tinyOnnx()));
    const added = (await storeKeys()).filter((key) => !before.includes(key));
    expect(added).toEqual(
      [saved.url, onnx.url].map((url) => `train/${/files\/([^?]+)/.exec(url)![1]}`).sort(),
    );
    expect(added.map((key) => key.slice(key.lastIndexOf('.'))).sort()).toEqual(['.onnx', '.zip']);
  });

  it('a model too large, saved or uploaded as ONNX, leaves nothing in the store', async () => {
    // An injected request has no socket whose progress the slow-client guard could see: on a busy machine a
    // 50 MB body could outlast its 20 s idle limit, so this app waits longer.
    const patient = await createTestApp({ HTTP_BODY_IDLE_TIMEOUT_MS: '600000' }, database);
    try {
      const user = await signedInUser(patient, 'models.huge@example.com', { vip: '1' });
      const p = data<TrainProject>(
        await requestAs(patient)(user.uid, 'POST', '/api/train/projects', { name: 'H', kind: 'cls' }),
      );
      const send = uploadAs(patient);
      const huge = Buffer.concat([tinyOnnx(), Buffer.alloc(MODEL_TRAIN.maxModelBytes)]);
      const before = await storeKeys(patient);
      const uploaded = await send(user.uid, '/api/onnx/upload', { name: 'Huge' }, [
        { field: 'model', name: 'm.onnx', content: huge },
      ]);
      expect(uploaded.statusCode).toBe(413);
      expect(messageOf(uploaded)).toMatch(/50 MB/);
      const saved = await send(
        user.uid,
        `/api/train/projects/${p.id}/models`,
        { name: 'H', format: 'onnx' },
        [{ field: 'model', name: 'm', content: huge }],
      );
      expect(saved.statusCode).toBe(413);
      expect(await storeKeys(patient)).toEqual(before);
      expect(await partFiles(patient)).toEqual([]);
    } finally {
      await patient.close();
    }
  });

  it('a refused ONNX upload is deleted from the store: not a model, or past the per-user limit', async () => {
    const before = await storeKeys();
    expect((await uploadOnnx(Buffer.from('not a model at all'))).statusCode).toBe(415);
    // Refused only inside the transaction, after the file had streamed into the store.
    await database.db.insert(onnxModels).values(
      Array.from({ length: MODEL_TRAIN.maxOnnxModelsPerUser }, (_, i) => ({
        userId: owner.id,
        name: `m${i}`,
        bytes: 1,
        metadata: {},
        inputs: [],
        outputs: [],
        opsetVersion: 13,
        producer: '',
        fileKey: `gone-${i}.onnx`,
      })),
    );
    const refused = await uploadOnnx(tinyOnnx());
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await storeKeys()).toEqual(before);
    expect(await partFiles()).toEqual([]);
  });
});

describe('ONNX uploads', () => {
  it('reads the metadata, inputs, outputs, opset and producer of a valid model', () => {
    const info = readOnnxInfo(tinyOnnx(['a', 'b', 'c']));
    expect(info).toEqual({
      metadata: { labels: '["a","b","c"]', task: 'cls' },
      inputs: [{ name: 'image', shape: ['batch', 224, 224, 3] }],
      outputs: [{ name: 'probabilities', shape: ['batch', 224, 224, 3] }],
      opsetVersion: 13,
      producer: 'ai-edu test 1',
    });
  });

  it('uploads, lists, downloads and deletes an ONNX model', async () => {
    const file = tinyOnnx();
    const res = await uploadOnnx(file);
    expect(res.statusCode, res.body).toBe(200);
    const model = data<OnnxModel>(res);
    expect(model).toMatchObject({
      name: 'My model',
      bytes: file.length,
      metadata: { labels: '["cat","dog"]', task: 'cls' },
      inputs: [{ name: 'image', shape: ['batch', 224, 224, 3] }],
      opsetVersion: 13,
      producer: 'ai-edu test 1',
    });
    const list = data<{ models: OnnxModel[] }>(await as(owner.uid, 'GET', '/api/onnx/models'));
    expect(list.models.map((m) => m.id)).toEqual([model.id]);
    expect(data<{ models: OnnxModel[] }>(await as(stranger.uid, 'GET', '/api/onnx/models')).models).toEqual(
      [],
    );
    const download = await t.app.inject({ method: 'GET', url: model.url });
    expect(download.rawPayload.equals(file)).toBe(true);
    expect(download.headers['content-disposition']).toContain('My%20model.onnx');

    expect((await as(stranger.uid, 'DELETE', `/api/onnx/models/${model.id}`)).statusCode).toBe(404);
    expect((await as(owner.uid, 'DELETE', `/api/onnx/models/${model.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: model.url })).statusCode).toBe(404);
    expect(data<{ models: OnnxModel[] }>(await as(owner.uid, 'GET', '/api/onnx/models')).models).toEqual([]);
  });

  it('refuses garbage, a protobuf that is no model, a missing name or file; nothing stays', async () => {
    const before = await storedFiles();
    const noGraph = Buffer.from([0x08, 0x07]); // ir_version 7 and nothing else
    for (const content of [Buffer.from('hello, I am a text file'), png(4, 4), noGraph, Buffer.alloc(0)]) {
      const res = await uploadOnnx(content);
      expect(res.statusCode, res.body).toBe(415);
      expect(messageOf(res)).toMatch(/not an ONNX model/);
    }
    expect((await uploadOnnx(tinyOnnx(), '')).statusCode).toBe(400);
    const noFile = await upload(owner.uid, '/api/onnx/upload', { name: 'x' }, []);
    expect(noFile.statusCode).toBe(400);
    const notMultipart = await as(owner.uid, 'POST', '/api/onnx/upload', { name: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(await storedFiles()).toEqual(before);
    expect((await database.db.select({ n: count() }).from(onnxModels))[0]!.n).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/onnx/upload' })).statusCode).toBe(401);
  });

  it('keeps to 20 uploads per user', async () => {
    await database.db.insert(onnxModels).values(
      Array.from({ length: MODEL_TRAIN.maxOnnxModelsPerUser }, (_, i) => ({
        userId: owner.id,
        name: `m${i}`,
        bytes: 1,
        metadata: {},
        inputs: [],
        outputs: [],
        fileKey: `gone-${i}.onnx`,
      })),
    );
    const res = await uploadOnnx(tinyOnnx());
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toMatch(/20 ONNX models/);
  });
});

describe('evaluation records', () => {
  const clsMetrics = {
    task: 'cls',
    accuracy: 0.75,
    classes: ['cat', 'dog'],
    perClass: [
      { precision: 1, recall: 0.5, support: 2 },
      { precision: 0.67, recall: 1, support: 2 },
    ],
    confusion: [
      [1, 1],
      [0, 2],
    ],
  };

  it('records evaluations of the page model, an ONNX upload and a saved model, newest first', async () => {
    const p = await project();
    const onnx = data<OnnxModel>(await uploadOnnx(tinyOnnx(), 'Uploaded'));
    const saved = data<SavedModel>(await saveModel(p.id, { name: 'Saved one', format: 'tfjs' }, zipBytes()));
    const post = (model: object, metrics: object = clsMetrics) =>
      as(owner.uid, 'POST', '/api/evaluation', { projectId: p.id, model, imageCount: 4, metrics });
    const page = await post({ source: 'page' });
    expect(page.statusCode, page.body).toBe(200);
    expect(data<EvaluationRecord>(page)).toMatchObject({
      modelName: 'Pets',
      imageCount: 4,
      metrics: clsMetrics,
    });
    t.clock.advance(1000);
    expect(data<EvaluationRecord>(await post({ source: 'onnx', id: onnx.id })).modelName).toBe('Uploaded');
    t.clock.advance(1000);
    const det = {
      task: 'det',
      map: 0.8,
      classes: ['cat', 'dog'],
      perClassAp: [0.9, 0.7],
      iouThreshold: 0.5,
    };
    expect(data<EvaluationRecord>(await post({ source: 'saved', id: saved.id }, det)).modelName).toBe(
      'Saved one',
    );

    const list = data<{ evaluations: EvaluationRecord[] }>(
      await as(owner.uid, 'GET', `/api/evaluation?projectId=${p.id}`),
    );
    expect(list.evaluations.map((e) => e.modelName)).toEqual(['Saved one', 'Uploaded', 'Pets']);
    expect(list.evaluations[0]!.metrics).toEqual(det);
    const none = data<{ evaluations: EvaluationRecord[] }>(await as(stranger.uid, 'GET', '/api/evaluation'));
    expect(none.evaluations).toEqual([]);
  });

  it("refuses another user's project or model, and metrics that do not fit their classes", async () => {
    const p = await project();
    const theirs = await project(stranger.uid);
    const theirOnnx = data<OnnxModel>(await uploadOnnx(tinyOnnx(), 'Theirs', stranger.uid));
    const post = (body: object) =>
      as(owner.uid, 'POST', '/api/evaluation', {
        projectId: p.id,
        model: { source: 'page' },
        imageCount: 4,
        metrics: clsMetrics,
        ...body,
      });
    expect((await post({ projectId: theirs.id })).statusCode).toBe(404);
    expect((await post({ model: { source: 'onnx', id: theirOnnx.id } })).statusCode).toBe(404);
    expect((await post({ model: { source: 'saved', id: 424242 } })).statusCode).toBe(404);
    expect((await post({ metrics: { ...clsMetrics, confusion: [[1, 1]] } })).statusCode).toBe(400);
    expect((await post({ metrics: { ...clsMetrics, perClass: [] } })).statusCode).toBe(400);
    expect((await post({ metrics: { ...clsMetrics, accuracy: 2 } })).statusCode).toBe(400);
    expect((await post({ imageCount: 0 })).statusCode).toBe(400);
    expect(
      data<{ evaluations: EvaluationRecord[] }>(
        await as(owner.uid, 'GET', `/api/evaluation?projectId=${p.id}`),
      ).evaluations,
    ).toEqual([]);
    expect((await as(owner.uid, 'GET', '/api/evaluation?projectId=abc')).statusCode).toBe(400);
  });

  it('a student evaluates a project shared with the class', async () => {
    const { classId, student } = await classWithStudent(t, school.uid, 'Dan', 'seamodels');
    const p = await project(school.uid);
    await as(school.uid, 'PUT', `/api/train/projects/${p.id}/share`, { classId });
    const res = await as(student, 'POST', '/api/evaluation', {
      projectId: p.id,
      model: { source: 'page' },
      imageCount: 4,
      metrics: clsMetrics,
    });
    expect(res.statusCode, res.body).toBe(200);
    const schoolSees = data<{ evaluations: EvaluationRecord[] }>(
      await as(school.uid, 'GET', `/api/evaluation?projectId=${p.id}`),
    );
    expect(schoolSees.evaluations).toEqual([]);
  });
});
