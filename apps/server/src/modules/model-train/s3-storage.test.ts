/**
 * Model training on an S3-compatible store (STORAGE_URL=s3://…, issue 17): images and models go to the
 * bucket under `train/<key>`, come back through the signed links, and leave it when deleted or refused;
 * nothing is written to DATA_DIR.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  MODEL_TRAIN,
  type OnnxModel,
  type SavedModel,
  type TrainImage,
  type TrainProject,
} from '@ai-edu/contract';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Store } from '../../lib/storage/s3.ts';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.ts';
import { createTestApp, signedInUser, type ProductReply, type TestApp } from '../../test/helpers.ts';
import { sweepOrphans } from './files.ts';
import { png, requestAs, tinyOnnx, uploadAs, zipBytes } from './test-fixtures.ts';

let s3: FakeS3;
let database: TestDatabase;
let t: TestApp;
let owner: { uid: string; id: string };

beforeAll(async () => {
  s3 = await startFakeS3({
    accessKeyId: 'train-key',
    secretAccessKey: 'train-secret',
    bucket: 'train-bucket',
  });
  database = await createTestDatabase();
  t = await createTestApp(
    {
      STORAGE_URL: s3.url,
      STORAGE_ACCESS_KEY_ID: s3.accessKeyId,
      STORAGE_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
    database,
  );
  owner = await signedInUser(t, 's3.owner@example.com', { vip: '1' });
});
afterAll(async () => {
  await t.close();
  await database.dispose();
  await s3.close();
});

const data = <T>(res: { json: <R>() => R }) => res.json<ProductReply<T>>().data;
const keyOf = (url: string) => `train/${/\/files\/([^?]+)/.exec(url)![1]}`;
const bucketKeys = () => [...s3.objects().keys()].sort();
const onDisk = async () => readdir(path.join(t.config.dataDir, 'train')).catch(() => [] as string[]);

describe('model training on an S3 store', () => {
  it('an image and a model round-trip: upload, download through the signed link, delete', async () => {
    const as = requestAs(t);
    const upload = uploadAs(t);
    const p = data<TrainProject>(
      await as(owner.uid, 'POST', '/api/train/projects', {
        name: 'Bucket',
        kind: 'cls',
        classes: ['a', 'b'],
      }),
    );

    const imageRes = await upload(owner.uid, `/api/train/projects/${p.id}/images`, { fileName: 'a.png' }, [
      { field: 'image', name: 'a.png', content: png(12, 8) },
    ]);
    expect(imageRes.statusCode, imageRes.body).toBe(200);
    const image = data<TrainImage>(imageRes);
    const modelRes = await upload(
      owner.uid,
      `/api/train/projects/${p.id}/models`,
      { name: 'Zipped', format: 'tfjs' },
      [{ field: 'model', name: 'm', content: zipBytes() }],
    );
    expect(modelRes.statusCode, modelRes.body).toBe(200);
    const model = data<SavedModel>(modelRes);
    expect(bucketKeys()).toEqual([keyOf(image.url), keyOf(model.url)].sort());
    expect(s3.objects().get(keyOf(image.url))!.equals(png(12, 8))).toBe(true);

    const imageDown = await t.app.inject({ method: 'GET', url: image.url });
    expect(imageDown.statusCode).toBe(200);
    expect(imageDown.headers['content-type']).toBe('image/png');
    expect(imageDown.headers['content-length']).toBe(String(png(12, 8).length));
    expect(imageDown.rawPayload.equals(png(12, 8))).toBe(true);
    const modelDown = await t.app.inject({ method: 'GET', url: model.url });
    expect(modelDown.statusCode).toBe(200);
    expect(modelDown.headers['content-disposition']).toContain('Zipped.zip');
    expect(modelDown.rawPayload.equals(zipBytes())).toBe(true);

    const removed = await as(owner.uid, 'POST', `/api/train/projects/${p.id}/images/delete`, {
      ids: [image.id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await as(owner.uid, 'DELETE', `/api/train/models/${model.id}`)).statusCode).toBe(200);
    expect(bucketKeys()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: model.url })).statusCode).toBe(404);
    expect(await onDisk()).toEqual([]);
  });

  it('a model too large stops mid-stream: no object and no unfinished multipart upload in the bucket', async () => {
    const before = bucketKeys();
    const huge = Buffer.concat([tinyOnnx(), Buffer.alloc(MODEL_TRAIN.maxModelBytes)]);
    const refused = await uploadAs(t)(owner.uid, '/api/onnx/upload', { name: 'Huge' }, [
      { field: 'model', name: 'm.onnx', content: huge },
    ]);
    expect(refused.statusCode).toBe(413);
    expect(bucketKeys()).toEqual(before);
    expect(s3.pendingMultipartUploads()).toBe(0);
  });

  it('a refused ONNX upload leaves neither an object nor an unfinished upload in the bucket', async () => {
    const before = bucketKeys();
    const refused = await uploadAs(t)(owner.uid, '/api/onnx/upload', { name: 'Bad' }, [
      { field: 'model', name: 'm.onnx', content: Buffer.from('not a model') },
    ]);
    expect(refused.statusCode).toBe(415);
    expect(bucketKeys()).toEqual(before);
    expect(s3.pendingMultipartUploads()).toBe(0);
    const kept = await uploadAs(t)(owner.uid, '/api/onnx/upload', { name: 'Good' }, [
      { field: 'model', name: 'm.onnx', content: tinyOnnx() },
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(bucketKeys()).toEqual([...before, keyOf(data<OnnxModel>(kept).url)].sort());
  });

  it('the sweep lists the bucket: an old object no row names goes, named ones stay', async () => {
    if (t.config.storage.kind !== 's3') throw new Error('expected an s3 setting');
    const store = new S3Store(t.config.storage);
    try {
      const named = bucketKeys();
      const stray = 'train/00000000-0000-4000-8000-000000000000.png';
      await store.put(stray, png(1, 1));
      expect(await sweepOrphans(database.db, store)).toBe(0);
      expect(await sweepOrphans(database.db, store, -1)).toBe(1);
      expect(bucketKeys()).toEqual(named);
    } finally {
      await store.close();
    }
  });
});
