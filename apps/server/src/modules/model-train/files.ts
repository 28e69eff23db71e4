/**
 * Model training's files in $DATA_DIR/train: each stored under a key `<uuid>.<ext>` (the extension says what
 * it is: jpg, png, webp, zip, onnx). Uploads arrive as multipart parts; images (≤ 5 MB) are read into memory
 * and checked from their bytes, models (≤ 50 MB) stream to a `.part` file with the size limit. A file is
 * removed when no row names it any more (a duplicated project's images share their files).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { findNul } from '@ai-edu/contract';
import { onnxModels, trainImages, trainModels, type Db } from '@ai-edu/db';
import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { signedLink } from '../../lib/signed-links.ts';
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
  /** Files streamed to disk (`.part` files the caller renames or removes), by field name. */
  onDisk: Record<string, { partPath: string; size: number }>;
}

export interface PartRule {
  maxBytes: number;
  tooLarge: () => AppError;
  /** Stream to a `.part` file in this folder instead of memory. */
  toDiskIn?: string;
}

/**
 * Reads a multipart upload: text fields, and the files named in `rules` (others are refused). Anything
 * refused part-way leaves no `.part` file behind.
 */
export async function receiveParts(
  request: FastifyRequest,
  rules: Record<string, PartRule>,
): Promise<ReceivedParts> {
  if (!request.isMultipart()) throw new AppError('noFile', 400);
  const received: ReceivedParts = { fields: {}, buffers: {}, onDisk: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') received.fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule || received.buffers[part.fieldname] || received.onDisk[part.fieldname]) {
        throw new AppError('badRequest', 400, -1, {}, `unexpected file field "${part.fieldname}"`);
      }
      if (rule.toDiskIn) {
        received.onDisk[part.fieldname] = await streamToDisk(part.file, rule);
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
    await Promise.all(Object.values(received.onDisk).map((f) => rm(f.partPath, { force: true })));
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
    await Promise.all(Object.values(received.onDisk).map((f) => rm(f.partPath, { force: true })));
    throw nulError(nulAt);
  }
  return received;
}

async function streamToDisk(file: NodeJS.ReadableStream & { truncated?: boolean }, rule: PartRule) {
  const dir = rule.toDiskIn!;
  await mkdir(dir, { recursive: true });
  const partPath = path.join(dir, `${randomUUID()}.part`);
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > rule.maxBytes) return done(rule.tooLarge());
      done(null, chunk);
    },
  });
  const out = createWriteStream(partPath);
  try {
    await pipeline(file, count, out);
    if (file.truncated) throw rule.tooLarge();
  } catch (error) {
    // Wait until the stream has let go of the file, or it could be created after it was removed.
    await finished(out).catch(() => undefined);
    await rm(partPath, { force: true });
    throw error;
  }
  return { partPath, size };
}

/** Puts bytes (or a received `.part` file) in place under its key. */
export async function storeBuffer(dir: string, key: string, bytes: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, key), bytes);
}

export async function storePart(dir: string, key: string, partPath: string): Promise<void> {
  await rename(partPath, path.join(dir, key));
}

export const removeFiles = (dir: string, keys: Iterable<string>) =>
  Promise.all([...new Set(keys)].map((key) => rm(path.join(dir, key), { force: true })));

/**
 * Removes those of `keys` no row names any more. Called after the deleting transaction has committed, so
 * of two deletions at once at least the later one sees the other's rows gone.
 */
export async function removeUnreferenced(db: Db, dir: string, keys: Iterable<string>): Promise<void> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return;
  const still = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const batch = wanted.slice(i, i + 500);
    const [files, thumbs, models, onnx] = await Promise.all([
      db.select({ key: trainImages.fileKey }).from(trainImages).where(inArray(trainImages.fileKey, batch)),
      db.select({ key: trainImages.thumbKey }).from(trainImages).where(inArray(trainImages.thumbKey, batch)),
      db.select({ key: trainModels.fileKey }).from(trainModels).where(inArray(trainModels.fileKey, batch)),
      db.select({ key: onnxModels.fileKey }).from(onnxModels).where(inArray(onnxModels.fileKey, batch)),
    ]);
    for (const row of [...files, ...thumbs, ...models, ...onnx]) if (row.key) still.add(row.key);
  }
  await removeFiles(
    dir,
    wanted.filter((key) => !still.has(key)),
  );
}

/** How old a file no row names must be before the sweep removes it (an upload writes its file first). */
export const ORPHAN_AGE_MS = 10 * 60_000;

/**
 * Removes stored files no row names any more, last written more than `olderThanMs` ago: what rows deleted
 * by a cascade left (an account removed with its class, a crash between commit and removal). Returns how
 * many. File times are the wall clock's, so this compares with Date.now().
 */
export async function sweepOrphans(db: Db, dir: string, olderThanMs = ORPHAN_AGE_MS): Promise<number> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const old: string[] = [];
  for (const name of names) {
    if (!FILE_KEY_RE.test(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info?.isFile() && Date.now() - info.mtimeMs >= olderThanMs) old.push(name);
  }
  // Nothing old (or no folder yet: a server that has never stored a training file).
  if (old.length === 0) return 0;
  const before = (await readdir(dir)).length;
  await removeUnreferenced(db, dir, old);
  return before - (await readdir(dir)).length;
}
