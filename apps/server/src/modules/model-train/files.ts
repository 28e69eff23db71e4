/**
 * Model training's files in the store (lib/storage) under `train/<uuid>.<ext>` (the extension says what it is:
 * jpg, png, webp, zip, onnx); rows name them by the `<uuid>.<ext>` part, their file key. Uploads arrive as
 * multipart parts; images (≤ 5 MB) are read into memory and checked from their bytes, models (≤ 50 MB) stream
 * straight into the store under their final key with the size limit. A file is removed when no row names it
 * any more (a duplicated project's images share their files).
 */
import { randomUUID } from 'node:crypto';
import { Readable, Transform, pipeline } from 'node:stream';
import { findNul } from '@ai-edu/contract';
import { onnxModels, trainImages, trainLastModels, trainModels, type Db } from '@ai-edu/db';
import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { signedLink } from '../../lib/signed-links.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { sweepOrphanObjects } from '../../lib/storage/orphans.ts';
import { nulError } from '../../plugins/input-guard.ts';

export const FILE_EXTENSIONS = ['jpg', 'png', 'webp', 'zip', 'onnx'] as const;
export type FileExtension = (typeof FILE_EXTENSIONS)[number];

export const FILE_MIME: Record<FileExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  zip: 'application/zip',
  onnx: 'application/octet-stream',
};

export const FILE_KEY_RE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|zip|onnx)$/;

export const newFileKey = (ext: FileExtension) => `${randomUUID()}.${ext}`;

/** The store's key of a training file: its own area, `train/`. */
export const storageKey = (fileKey: string) => `train/${fileKey}`;
const TRAIN_PREFIX = 'train/';

export const FILE_LINK_SCOPE = 'train-file';
export const FILES_BASE = '/api/train/files';
const HOUR_MS = 3600_000;

/**
 * A link the browser can load without the session (img src, a worker's fetch). Signed on the hour, so the
 * same file keeps the same address for an hour and the browser's cache works; each link lasts 23 to 24 h.
 */
export function fileUrl(secret: string, key: string, now: Date): string {
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  return signedLink(secret, FILE_LINK_SCOPE, FILES_BASE, key, hour);
}

export interface ReceivedParts {
  fields: Record<string, string>;
  /** Files kept in memory, by field name. */
  buffers: Record<string, Buffer>;
  /** Files streamed into the store under their final key (the caller keeps or deletes them), by field name. */
  stored: Record<string, StoredPart>;
}

export interface StoredPart {
  fileKey: string;
  size: number;
}

export interface PartRule {
  maxBytes: number;
  tooLarge: () => AppError;
  /**
   * Stream into the store instead of memory, under a new key whose extension this picks from the file's
   * first bytes (a saved model is a ZIP or ONNX whichever order the form's fields come in).
   */
  store?: { storage: BlobStore; extension: (head: Buffer) => FileExtension };
}

/** Enough of a file's first bytes to tell what it is (a ZIP's `PK\x03\x04`). */
const HEAD_BYTES = 4;

/**
 * Reads a multipart upload: text fields, and the files named in `rules` (others are refused). Anything
 * refused part-way leaves nothing in the store.
 */
export async function receiveParts(
  request: FastifyRequest,
  rules: Record<string, PartRule>,
): Promise<ReceivedParts> {
  if (!request.isMultipart()) throw new AppError('noFile', 400);
  const received: ReceivedParts = { fields: {}, buffers: {}, stored: {} };
  const forgetStored = () => removeStored(rules, received.stored);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') received.fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule || received.buffers[part.fieldname] || received.stored[part.fieldname]) {
        throw new AppError('badRequest', 400, -1, {}, `unexpected file field "${part.fieldname}"`);
      }
      if (rule.store) {
        received.stored[part.fieldname] = await streamToStore(part.file, rule, rule.store);
      } else {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > rule.maxBytes) throw rule.tooLarge();
          chunks.push(chunk);
        }
        if (part.file.truncated) throw rule.tooLarge();
        received.buffers[part.fieldname] = Buffer.concat(chunks);
      }
    }
  } catch (error) {
    await forgetStored();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('fileTooLarge', 413);
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError('badRequest', 400, -1, {}, 'too many files');
    }
    throw error;
  }
  // Fields read here never passed the input guard's hook (the body is parsed only now).
  const nulAt = findNul(received.fields, 'body');
  if (nulAt) {
    await forgetStored();
    throw nulError(nulAt);
  }
  return received;
}

async function removeStored(rules: Record<string, PartRule>, stored: Record<string, StoredPart>) {
  await Promise.all(
    Object.entries(stored).map(([field, part]) =>
      rules[field]!.store!.storage.delete([storageKey(part.fileKey)]),
    ),
  );
}

type PartFile = NodeJS.ReadableStream & { truncated?: boolean };

/**
 * Streams one file part into the store through a counting Transform: past the limit (or cut short by the
 * form's limit) the stream errors, so `put` rejects and leaves nothing under the key.
 */
async function streamToStore(
  file: PartFile,
  rule: PartRule,
  store: NonNullable<PartRule['store']>,
): Promise<StoredPart> {
  // The key's extension depends on the first bytes: read them, then send them on ahead of the rest.
  const chunks = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (!ended && headSize < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) ended = true;
    else {
      head.push(next.value);
      headSize += next.value.length;
    }
  }
  async function* whole() {
    yield* head;
    // Iterating the part's own iterator: leaving early (an error downstream) destroys the part's stream.
    if (!ended) yield* { [Symbol.asyncIterator]: () => chunks };
  }
  const fileKey = newFileKey(store.extension(Buffer.concat(head)));
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > rule.maxBytes) return done(rule.tooLarge());
      done(null, chunk);
    },
    flush(done) {
      // The form's size limit ends the file early and marks it truncated: refuse before the store commits.
      done(file.truncated ? rule.tooLarge() : null);
    },
  });
  // pipeline() passes an error of the request's file stream on to `count`, and so to the store.
  await store.storage.put(
    storageKey(fileKey),
    pipeline(Readable.from(whole()), count, () => undefined),
  );
  return { fileKey, size };
}

/** Puts bytes in the store under a file key. */
export async function storeBuffer(storage: BlobStore, fileKey: string, bytes: Buffer): Promise<void> {
  await storage.put(storageKey(fileKey), bytes);
}

export const removeFiles = (storage: BlobStore, fileKeys: Iterable<string>) =>
  storage.delete([...new Set(fileKeys)].map(storageKey));

/** Of these file keys, those a row (image, thumbnail, saved or uploaded model) still names. */
async function stillNamed(db: Db, fileKeys: string[]): Promise<Set<string>> {
  const [files, thumbs, models, onnx, last] = await Promise.all([
    db.select({ key: trainImages.fileKey }).from(trainImages).where(inArray(trainImages.fileKey, fileKeys)),
    db.select({ key: trainImages.thumbKey }).from(trainImages).where(inArray(trainImages.thumbKey, fileKeys)),
    db.select({ key: trainModels.fileKey }).from(trainModels).where(inArray(trainModels.fileKey, fileKeys)),
    db.select({ key: onnxModels.fileKey }).from(onnxModels).where(inArray(onnxModels.fileKey, fileKeys)),
    db
      .select({ key: trainLastModels.fileKey })
      .from(trainLastModels)
      .where(inArray(trainLastModels.fileKey, fileKeys)),
  ]);
  return new Set(
    [...files, ...thumbs, ...models, ...onnx, ...last].flatMap((row) => (row.key ? [row.key] : [])),
  );
}

/**
 * Removes those of `keys` no row names any more; returns how many it removed. Called after the deleting
 * transaction has committed, so of two deletions at once at least the later one sees the other's rows gone.
 */
export async function removeUnreferenced(
  db: Db,
  storage: BlobStore,
  keys: Iterable<string>,
): Promise<number> {
  const wanted = [...new Set(keys)];
  const still = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    for (const key of await stillNamed(db, wanted.slice(i, i + 500))) still.add(key);
  }
  const unnamed = wanted.filter((key) => !still.has(key));
  await removeFiles(storage, unnamed);
  return unnamed.length;
}

/**
 * Removes stored files no row names any more, last written more than `olderThanMs` ago: what rows deleted
 * by a cascade left (an account removed with its class, a crash between commit and removal). Returns how
 * many (see lib/storage/orphans.ts).
 */
export const sweepOrphans = (db: Db, storage: BlobStore, olderThanMs?: number): Promise<number> =>
  sweepOrphanObjects(
    storage,
    { prefix: TRAIN_PREFIX, ownName: FILE_KEY_RE, stillNamed: (fileKeys) => stillNamed(db, fileKeys) },
    olderThanMs,
  );
