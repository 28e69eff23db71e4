import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MODEL_TRAIN, type TrainImage } from '@ai-edu/contract';
import { buildMultipart, postMultipart, UploadError } from './multipart.ts';
import { runPool } from './pool.ts';
import { trainRequests } from './requests.ts';
import { thumbSize } from './thumbnail.ts';
import { uploadTrainImages, type UploadState } from './uploader.ts';
import { z } from 'zod';
import { i18n } from '../../../lib/i18n.ts';

beforeAll(async () => {
  if (!i18n.isInitialized)
    await i18n.init({ lng: 'en', resources: {}, interpolation: { escapeValue: false } });
});

function image(id: number, fileName: string, label: string | null = null): TrainImage {
  return {
    id,
    projectId: 7,
    label,
    split: null,
    boxes: [],
    width: 10,
    height: 10,
    bytes: 100,
    fileName,
    url: `/f/${id}`,
    thumbUrl: `/t/${id}`,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('runPool', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await runPool([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(peak).toBe(3);
  });

  it('starts nothing more once the signal is aborted', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    await runPool(
      [1, 2, 3, 4],
      1,
      async (n) => {
        seen.push(n);
        if (n === 2) abort.abort();
      },
      abort.signal,
    );
    expect(seen).toEqual([1, 2]);
  });
});

describe('thumbSize', () => {
  it('fits the longer side into 160 px and never enlarges', () => {
    expect(thumbSize(1600, 800)).toEqual({ width: 160, height: 80 });
    expect(thumbSize(300, 1200)).toEqual({ width: 40, height: 160 });
    expect(thumbSize(100, 50)).toEqual({ width: 100, height: 50 });
    expect(thumbSize(5000, 1)).toEqual({ width: 160, height: 1 });
  });
});

describe('multipart', () => {
  it('puts text fields and the session before the files', () => {
    const form = buildMultipart(
      { name: 'm', skip: undefined, model: { blob: new Blob(['x']), fileName: 'a.onnx' } },
      'uid-1',
    );
    expect([...form.keys()]).toEqual(['name', 'user_id', 'model']);
    expect((form.get('model') as File).name).toBe('a.onnx');
  });

  it("throws the server's own message on a refusal", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply({ status: 0, message: '这不是 ONNX 模型' }, 400)),
    );
    const error = await postMultipart('/api/onnx/upload', { name: 'x' }, z.unknown(), {
      uid: 'u',
      language: 'zh-CN',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).message).toBe('这不是 ONNX 模型');
    expect((error as UploadError).status).toBe(400);
    expect((error as UploadError).fromServer).toBe(true);
  });

  it('sends the session header and parses the data', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      reply({ status: 1, message: 'ok', data: { id: 3 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const data = await postMultipart('/p', { a: 'b' }, z.object({ id: z.number() }), {
      uid: 'u-9',
      language: 'en',
    });
    expect(data).toEqual({ id: 3 });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer u-9', 'Accept-Language': 'en' });
    expect(init.body).toBeInstanceOf(FormData);
  });
});

describe('uploadTrainImages', () => {
  it('uploads 4 at a time, reports each file and keeps the refused ones with their reason', async () => {
    let running = 0;
    let peak = 0;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      const form = init.body as FormData;
      const fileName = form.get('fileName') as string;
      expect(url).toBe('/api/train/projects/7/images');
      expect(form.get('thumb')).toBeInstanceOf(Blob);
      if (fileName === 'bad.jpg')
        return reply({ status: 0, message: 'quota full: 500 MB of 500 MB used' }, 413);
      return reply({
        status: 1,
        message: 'ok',
        data: image(Number(fileName[0]), fileName, form.get('label') as string),
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const names = ['1.jpg', '2.jpg', 'bad.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg'];
    const states = new Map<number, UploadState[]>();
    const result = await uploadTrainImages(
      7,
      names.map((fileName) => ({ file: new Blob(['x']), fileName, label: 'cat' })),
      {
        uid: 'u',
        language: 'en',
        thumbnail: async () => ({ thumb: new Blob(['t']) }),
        onState: (index, state) => states.set(index, [...(states.get(index) ?? []), state]),
      },
    );
    expect(peak).toBe(4);
    expect(result.images.map((i) => i.fileName)).toEqual([
      '1.jpg',
      '2.jpg',
      '3.jpg',
      '4.jpg',
      '5.jpg',
      '6.jpg',
    ]);
    expect(result.images.every((i) => i.label === 'cat')).toBe(true);
    expect(result.failures).toEqual([
      { index: 2, fileName: 'bad.jpg', message: 'quota full: 500 MB of 500 MB used' },
    ]);
    expect(states.get(0)!.map((s) => s.status)).toEqual(['queued', 'uploading', 'done']);
    expect(states.get(2)!.at(-1)).toEqual({ status: 'error', error: 'quota full: 500 MB of 500 MB used' });
  });

  it('refuses a too-big file or a non-picture without sending it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const big = new Blob([new Uint8Array(MODEL_TRAIN.maxImageBytes + 1)]);
    const result = await uploadTrainImages(
      1,
      [
        { file: big, fileName: 'big.jpg' },
        { file: new Blob(['not a picture']), fileName: 'notes.txt' },
      ],
      { uid: 'u', language: 'en', thumbnail: async () => null },
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.images).toEqual([]);
    expect(result.failures.map((f) => f.fileName)).toEqual(['big.jpg', 'notes.txt']);
    expect(result.failures[0]!.message).toMatch(/5 MB/);
    expect(result.failures[1]!.message.length).toBeGreaterThan(0);
  });
});

describe('trainRequests', () => {
  it('calls the contract routes with the right methods and bodies', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({
          url,
          method: String(init.method),
          body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        });
        return reply({ status: 1, message: 'ok', data: null });
      }),
    );
    await trainRequests.deleteProject(4);
    await trainRequests.shareProject(4, 'c-12');
    await trainRequests.updateImages(4, [{ id: 1, split: 'test' }]);
    await trainRequests.deleteImages(4, [1, 2]);
    await trainRequests.deleteOnnx(9);
    expect(calls).toEqual([
      { url: '/api/train/projects/4', method: 'DELETE', body: undefined },
      { url: '/api/train/projects/4/share', method: 'PUT', body: { classId: 'c-12' } },
      {
        url: '/api/train/projects/4/images/update',
        method: 'POST',
        body: { updates: [{ id: 1, split: 'test' }] },
      },
      { url: '/api/train/projects/4/images/delete', method: 'POST', body: { ids: [1, 2] } },
      { url: '/api/onnx/models/9', method: 'DELETE', body: undefined },
    ]);
  });

  it('parses the project list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply({ status: 1, message: 'ok', data: { projects: [], shared: [] } })),
    );
    await expect(trainRequests.listProjects()).resolves.toEqual({ projects: [], shared: [] });
  });
});
