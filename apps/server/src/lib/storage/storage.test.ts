/**
 * One contract for every store: the local disk (in a temporary folder) and S3 (on the local fake S3 server,
 * which checks each request's Signature V4 as S3 does). No database needed.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.ts';
import { createBlobStore, LocalDiskStore, StoredFileMissing, type BlobStore } from './index.ts';
import { S3Store } from './s3.ts';

const MB = 1024 * 1024;

/** Deterministic bytes, so a wrong offset shows. */
function bytes(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  return out;
}

/** A body that sends `failAfter` bytes in 64 KiB chunks, then errors with `error`. */
function failingBody(failAfter: number, error: Error): Readable {
  const data = bytes(failAfter);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= failAfter) {
        this.destroy(error);
        return;
      }
      const chunk = data.subarray(sent, Math.min(sent + 64 * 1024, failAfter));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(store: BlobStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys;
}

interface StoreUnderTest {
  store: BlobStore;
  /** Whatever a failed upload could have left behind: partial files, objects, multipart uploads. */
  leftovers(): Promise<string[]>;
  cleanup(): Promise<void>;
}

const stores: Record<string, () => Promise<StoreUnderTest>> = {
  'local disk': async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'store-'));
    return {
      store: new LocalDiskStore(root),
      leftovers: async () => {
        const found: string[] = [];
        for (const area of await readdir(root)) {
          for (const name of await readdir(path.join(root, area))) found.push(`${area}/${name}`);
        }
        return found;
      },
      cleanup: () => rm(root, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const s3 = await startFakeS3({
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      bucket: 'school',
    });
    const config = loadConfig({
      STORAGE_URL: s3.url,
      STORAGE_ACCESS_KEY_ID: 'test-key',
      STORAGE_SECRET_ACCESS_KEY: 'test-secret',
    });
    if (config.storage.kind !== 's3') throw new Error('expected an s3 setting');
    // 5 MiB parts (S3's minimum), 3-key list pages and delete batches, so multipart uploads, paging and
    // batching are exercised.
    const store = new S3Store(config.storage, { partSize: 5 * MB, listPageSize: 3, deleteBatchSize: 3 });
    return {
      store,
      leftovers: async () => [
        ...s3.objects().keys(),
        ...Array.from({ length: s3.pendingMultipartUploads() }, (_, i) => `multipart upload ${i + 1}`),
      ],
      cleanup: async () => {
        await store.close();
        await s3.close();
      },
    };
  },
};

for (const [name, open] of Object.entries(stores)) {
  describe(`storage contract: ${name}`, () => {
    let subject: StoreUnderTest;
    let store: BlobStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(() => subject.cleanup());

    it('stores a buffer and a stream, and reads them back whole, as a buffer and by range', async () => {
      const small = bytes(1000);
      expect(await store.put('files/small', small, { contentType: 'text/plain' })).toEqual({ size: 1000 });
      const big = bytes(6 * MB + 123, 2);
      expect(
        await store.put('files/big', Readable.from([big.subarray(0, 3 * MB), big.subarray(3 * MB)])),
      ).toEqual({
        size: big.length,
      });

      expect((await readAll(await store.get('files/small'))).equals(small)).toBe(true);
      expect((await store.getBuffer('files/big')).equals(big)).toBe(true);
      expect(
        (await readAll(await store.get('files/small', { start: 10, end: 19 }))).equals(
          small.subarray(10, 20),
        ),
      ).toBe(true);
      const tail = await readAll(await store.get('files/big', { start: 5 * MB - 5, end: big.length - 1 }));
      expect(tail.equals(big.subarray(5 * MB - 5))).toBe(true);
    });

    it('stores an empty body', async () => {
      expect(await store.put('files/empty', Readable.from([]))).toEqual({ size: 0 });
      expect((await store.getBuffer('files/empty')).length).toBe(0);
      expect((await store.stat('files/empty'))?.size).toBe(0);
    });

    it('replaces an object put again under the same key', async () => {
      await store.put('files/again', Buffer.from('first version'));
      await store.put('files/again', Buffer.from('second'));
      expect((await store.getBuffer('files/again')).toString()).toBe('second');
      expect((await store.stat('files/again'))?.size).toBe(6);
    });

    it('states size and time, and null for a missing key', async () => {
      const before = Date.now();
      await store.put('train/stat.png', bytes(321));
      const info = await store.stat('train/stat.png');
      expect(info).toMatchObject({ key: 'train/stat.png', size: 321 });
      // S3 keeps whole seconds.
      expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(await store.stat('train/none.png')).toBeNull();
    });

    it('throws StoredFileMissing for a missing key, whole, by range and as a buffer', async () => {
      await expect(store.get('files/nothing-here')).rejects.toBeInstanceOf(StoredFileMissing);
      await expect(store.get('files/nothing-here', { start: 0, end: 9 })).rejects.toBeInstanceOf(
        StoredFileMissing,
      );
      await expect(store.getBuffer('files/nothing-here')).rejects.toBeInstanceOf(StoredFileMissing);
    });

    it('lists by prefix across several pages, and only that prefix', async () => {
      const names = Array.from({ length: 8 }, (_, i) => `list/item-${i}`);
      await Promise.all(names.map((key, i) => store.put(key, bytes(10 + i))));
      await store.put('lists/other', bytes(5));
      await store.put('list/x-other', bytes(5));

      expect(await keysOf(store, 'list/item-')).toEqual(names);
      const all = [];
      for await (const object of store.list('list/')) all.push(object);
      expect(all.map((o) => o.key)).toEqual([...names, 'list/x-other']);
      expect(all[3]).toMatchObject({ key: 'list/item-3', size: 13 });
      expect(await keysOf(store, 'empty/')).toEqual([]);
    });

    it('deletes several keys at once (more than one batch), missing ones included', async () => {
      const keys = Array.from({ length: 7 }, (_, i) => `files/d${i}`);
      await Promise.all(keys.map((key) => store.put(key, bytes(3))));
      await store.put('files/kept', bytes(3));
      await store.delete([...keys, 'files/never-was', 'files/d1']);
      for (const key of keys) expect(await store.stat(key)).toBeNull();
      expect(await store.stat('files/kept')).not.toBeNull();
      await store.delete([]);
    });

    it('refuses keys that could escape their area', async () => {
      await expect(store.put('../etc/passwd', bytes(1))).rejects.toThrow(/not a storage key/);
      await expect(store.get('files/../x')).rejects.toThrow(/not a storage key/);
    });

    describe('a body stream that errors half-way', () => {
      it.each([
        ['a small body (one request)', 200 * 1024],
        ['a body bigger than a part (a multipart upload)', 12 * MB],
      ])('%s rejects with the body error and leaves nothing', async (_, failAfter) => {
        const clean = await subject.leftovers();
        const refusal = new Error(`too large: refused after ${failAfter} bytes`);
        await expect(store.put('train/refused.bin', failingBody(failAfter, refusal))).rejects.toBe(refusal);
        expect(await store.stat('train/refused.bin')).toBeNull();
        expect(await subject.leftovers()).toEqual(clean);
      });

      it('keeps the earlier version when a replacement fails', async () => {
        await store.put('train/kept.bin', Buffer.from('good'));
        await expect(store.put('train/kept.bin', failingBody(1000, new Error('cut off')))).rejects.toThrow(
          'cut off',
        );
        expect((await store.getBuffer('train/kept.bin')).toString()).toBe('good');
      });
    });
  });
}

describe('S3 store against the fake S3 server', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3({
      accessKeyId: 'district',
      secretAccessKey: 'right-secret',
      bucket: 'district-files',
    });
  });
  afterAll(() => s3.close());

  const storeFor = async (env: Record<string, string>) =>
    createBlobStore(loadConfig({ DATA_DIR: tmpdir(), STORAGE_URL: s3.url, ...env }));

  it('is what STORAGE_URL picks, and keeps keys under the URL prefix', async () => {
    const store = await createBlobStore(
      loadConfig({
        STORAGE_URL: s3.url.replace('district-files?', 'district-files/school-7/?'),
        STORAGE_ACCESS_KEY_ID: 'district',
        STORAGE_SECRET_ACCESS_KEY: 'right-secret',
      }),
    );
    try {
      expect(store).toBeInstanceOf(S3Store);
      expect(store.description).toBe(`S3 bucket district-files/school-7/ at ${s3.endpoint}`);
      await store.put('files/abc', Buffer.from('hello'));
      expect(s3.objects().get('school-7/files/abc')?.toString()).toBe('hello');
      expect(await keysOf(store, 'files/')).toEqual(['files/abc']);
      await store.delete(['files/abc']);
      expect(s3.objects().size).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('is refused with a wrong secret, and nothing is stored', async () => {
    const store = new S3Store({
      kind: 's3',
      bucket: 'district-files',
      prefix: '',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'district',
      secretAccessKey: 'wrong-secret',
    });
    try {
      await expect(store.put('files/x', Buffer.from('x'))).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
      });
      await expect(store.get('files/x')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      await expect(store.delete(['files/x'])).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      expect(s3.objects().size).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('stops the start with a message naming STORAGE_URL when the bucket cannot be used', async () => {
    const wrongSecret = storeFor({
      STORAGE_ACCESS_KEY_ID: 'district',
      STORAGE_SECRET_ACCESS_KEY: 'wrong-secret',
    });
    await expect(wrongSecret).rejects.toBeInstanceOf(ConfigError);
    await expect(wrongSecret).rejects.toThrow(
      /^STORAGE_URL: cannot use S3 bucket district-files .*SignatureDoesNotMatch/,
    );
    await expect(
      createBlobStore(
        loadConfig({
          STORAGE_URL: s3.url.replace('district-files?', 'no-such-bucket?'),
          STORAGE_ACCESS_KEY_ID: 'district',
          STORAGE_SECRET_ACCESS_KEY: 'right-secret',
        }),
      ),
    ).rejects.toThrow(/NoSuchBucket/);
  });

  it('names a missing bucket as such, not as a missing file', async () => {
    const store = new S3Store({
      kind: 's3',
      bucket: 'no-such-bucket',
      prefix: '',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'district',
      secretAccessKey: 'right-secret',
    });
    try {
      await expect(store.get('files/x')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      await store.close();
    }
  });

  it('keeps the local disk when STORAGE_URL is unset', async () => {
    const store = await createBlobStore(loadConfig({ DATA_DIR: tmpdir() }));
    expect(store).toBeInstanceOf(LocalDiskStore);
  });
});
