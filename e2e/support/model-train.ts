/**
 * Model training (issue 15) in e2e: generated pictures as PNG files, and the training API called from Node
 * with a signed-in page's session, so a test sets up a project of 150 or 1,000 images in seconds instead of
 * clicking through uploads.
 *
 * ```ts
 * await signIn(page, { account, password });
 * const api = trainApi(e2e.baseUrl, await sessionUid(page));
 * const project = await api.createProject({ name: 'Shapes', kind: 'cls', classes: ['a', 'b'] });
 * await api.uploadImages(project.id, clsPngs(['a', 'b'], 10));
 * ```
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  SHAPE_CLASSES,
  TEXTURE_CLASSES,
  generateClassificationImages,
  generateDetectionDataset,
} from '@ai-edu/ml/model-train/shapes.ts';
import type {
  EvaluationRecord,
  OnnxModel,
  TrainBox,
  TrainImage,
  TrainProject,
  TrainSplit,
} from '@ai-edu/contract';
import { letTimePass } from './wait.ts';

export { SHAPE_CLASSES, TEXTURE_CLASSES };

// ---- PNG ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA picture (row-major, 4 bytes a pixel) as a PNG file (8-bit RGBA, no filter). */
export function encodePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

// ---- generated datasets ----

export interface PngItem {
  fileName: string;
  png: Buffer;
  width: number;
  height: number;
  /** cls: the class name. */
  label?: string | null;
  split?: TrainSplit | null;
  /** det: boxes in pixels. */
  boxes?: TrainBox[];
}

/**
 * Classification pictures: `perClass` of each class, class i drawn as texture i (stripes, dots, checks,
 * rings: the backbone tells them apart), seeded. `classes` are the project's names (2–4 of them).
 */
export function clsPngs(
  classes: readonly string[],
  perClass: number,
  options: { size?: number; seed?: number } = {},
): PngItem[] {
  const samples = generateClassificationImages(
    options.seed ?? 1,
    classes.length,
    perClass,
    options.size ?? 224,
  );
  return samples.map((sample, i) => ({
    fileName: `${classes[sample.label]}-${String(i).padStart(4, '0')}.png`,
    png: encodePng(sample.data, sample.width, sample.height),
    width: sample.width,
    height: sample.height,
    label: classes[sample.label] ?? null,
  }));
}

/**
 * Detection pictures: shapes on cluttered backgrounds with their boxes, labelled with `classes` (names for
 * circle, square(, triangle): 2 or 3 of them), seeded.
 */
export function detPngs(
  classes: readonly string[],
  count: number,
  options: { size?: number; seed?: number } = {},
): PngItem[] {
  const samples = generateDetectionDataset(options.seed ?? 1, count, {
    size: options.size ?? 320,
    classes: classes.length,
  });
  return samples.map((sample, i) => ({
    fileName: `shapes-${String(i).padStart(4, '0')}.png`,
    png: encodePng(sample.data, sample.width, sample.height),
    width: sample.width,
    height: sample.height,
    boxes: sample.boxes.map((b) => ({
      label: classes[b.label] ?? String(b.label),
      x: b.x,
      y: b.y,
      w: b.w,
      h: b.h,
    })),
  }));
}

/** A small flat-colour picture (the large-dataset test needs many quick files, not learnable ones). */
export function tinyPng(index: number, side = 32): Buffer {
  const rgba = new Uint8Array(side * side * 4);
  for (let p = 0; p < side * side; p++) {
    rgba.set([(index * 37) % 256, (index * 91) % 256, (p + index * 13) % 256, 255], p * 4);
  }
  return encodePng(rgba, side, side);
}

// ---- the API from Node ----

/** The signed-in page's session (what the app sends as `Authorization: Bearer`). */
export async function sessionUid(page: Page): Promise<string> {
  // The app's persisted store (see `storedUsers` in ui.ts, which imports vitest: this module must not).
  // A string expression: this file is also type-checked without the DOM library (bench scripts).
  const raw = await page.evaluate<string | null>("window.localStorage.getItem('ai-edu')");
  const uid = raw ? (JSON.parse(raw) as { state: { users?: { uid?: string } } }).state.users?.uid : undefined;
  if (!uid) throw new Error('no session stored: log in first');
  return uid;
}

interface Reply<T> {
  status: number;
  message: string;
  data: T;
}

export class TrainApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(`${httpStatus}: ${message}`);
  }
}

/** The training API for one session; every call resolves to the reply's data or throws `TrainApiError`. */
export function trainApi(baseUrl: string, uid: string) {
  const headers = { Authorization: `Bearer ${uid}`, Accept: 'application/json', 'Accept-Language': 'en' };

  async function read<T>(res: Response): Promise<T> {
    const body = (await res.json().catch(() => ({}))) as Partial<Reply<T>>;
    if (!res.ok || typeof body.status !== 'number' || body.status < 1) {
      throw new TrainApiError(res.status, body.message ?? 'no message');
    }
    return body.data as T;
  }

  async function json<T>(method: string, path: string, body?: Record<string, unknown>): Promise<T> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body ? { ...headers, 'Content-Type': 'application/json' } : headers,
      body: body ? JSON.stringify({ ...body, user_id: uid }) : undefined,
    });
    return read<T>(res);
  }

  async function multipart<T>(
    path: string,
    fields: Record<string, string | undefined>,
    files: Record<string, { bytes: Uint8Array; name: string; type: string }>,
  ): Promise<T> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
    form.append('user_id', uid);
    for (const [key, file] of Object.entries(files)) {
      form.append(key, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    }
    return read<T>(await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: form }));
  }

  const uploadOnce = (projectId: number, item: PngItem) =>
    multipart<TrainImage>(
      `/api/train/projects/${projectId}/images`,
      {
        fileName: item.fileName,
        label: item.label ?? undefined,
        split: item.split ?? undefined,
        boxes: item.boxes ? JSON.stringify(item.boxes) : undefined,
      },
      { image: { bytes: item.png, name: item.fileName, type: 'image/png' } },
    );

  const api = {
    listProjects: () =>
      json<{ projects: TrainProject[]; shared: TrainProject[] }>('GET', '/api/train/projects'),
    getProject: (id: number) => json<TrainProject>('GET', `/api/train/projects/${id}`),
    /** The caller's last trained model of the project on the server, or null. */
    getLastModel: (id: number) =>
      json<{ bytes: number; savedAt: string } | null>('GET', `/api/train/projects/${id}/last-model`),
    createProject: (body: { name: string; kind: 'cls' | 'det'; classes?: string[] }) =>
      json<TrainProject>('POST', '/api/train/projects', body),
    updateProject: (id: number, body: Record<string, unknown>) =>
      json<TrainProject>('PATCH', `/api/train/projects/${id}`, body),
    shareProject: (id: number, classId: string | null) =>
      json<unknown>('PUT', `/api/train/projects/${id}/share`, { classId }),
    listImages: async (projectId: number) =>
      (await json<{ images: TrainImage[] }>('GET', `/api/train/projects/${projectId}/images`)).images,
    /** One image; waits and retries while the server's per-minute upload limit (429) says so. */
    uploadImage: async (projectId: number, item: PngItem): Promise<TrainImage> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await uploadOnce(projectId, item);
        } catch (error) {
          if (!(error instanceof TrainApiError) || error.httpStatus !== 429 || attempt >= 30) throw error;
          // The server's own pace: its per-minute upload limit says to come back later.
          await letTimePass(5_000);
        }
      }
    },
    /** Uploads `items` four at a time, in order of the returned list. */
    uploadImages: async (
      projectId: number,
      items: readonly PngItem[],
      concurrency = 4,
    ): Promise<TrainImage[]> => {
      const out = new Array<TrainImage>(items.length);
      let next = 0;
      const lane = async () => {
        while (next < items.length) {
          const i = next++;
          out[i] = await api.uploadImage(projectId, items[i]!);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, lane));
      return out;
    },
    uploadOnnx: (name: string, bytes: Uint8Array, fileName = `${name}.onnx`) =>
      multipart<OnnxModel>(
        '/api/onnx/upload',
        { name },
        { model: { bytes, name: fileName, type: 'application/octet-stream' } },
      ),
    listOnnx: async () => (await json<{ models: OnnxModel[] }>('GET', '/api/onnx/models')).models,
    listEvaluations: async (projectId: number) =>
      (await json<{ evaluations: EvaluationRecord[] }>('GET', `/api/evaluation?projectId=${projectId}`))
        .evaluations,
    quota: () => json<{ usedBytes: number; limitBytes: number }>('GET', '/api/train/quota'),
  };
  return api;
}

export type TrainApi = ReturnType<typeof trainApi>;
