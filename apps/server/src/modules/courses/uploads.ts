/**
 * Receives one uploaded file: streams it into storage (lib/storage) while checking what it really is and
 * how big it may be. A refusal errors the stream, so the store keeps nothing (local disk: no file; S3: the
 * multipart upload is aborted).
 */
import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform } from 'node:stream';
import { FILE_LIMITS, findNul, type UploadPurpose } from '@ai-edu/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { nulError } from '../../plugins/input-guard.ts';
import { cleanFilename, sniffFile, type Sniffed } from './file-types.ts';

/** Enough bytes to recognise every accepted format. */
const HEAD_BYTES = 16;

export interface StoredUpload extends Sniffed {
  id: string;
  filename: string;
  size: number;
  /** Text fields sent before the file in the same form. */
  fields: Record<string, string>;
  /** Where the bytes are in storage: `files/<id>`. */
  key: string;
}

/** A course file's storage key. */
export const courseFileKey = (id: string) => `files/${id}`;

export async function receiveUpload(
  request: FastifyRequest,
  storage: BlobStore,
  purpose: (fields: Record<string, string>) => UploadPurpose,
): Promise<StoredUpload> {
  if (!request.isMultipart()) throw new AppError('noFile', 400);
  const part = await request.file();
  if (!part) throw new AppError('noFile', 400);
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && 'value' in value && typeof value.value === 'string') fields[name] = value.value;
  }
  // Fields read here never passed the input guard's hook (the body is parsed only now).
  const nulAt = findNul(fields, 'body');
  if (nulAt) throw nulError(nulAt);
  const wanted = purpose(fields);
  const filename = cleanFilename(part.filename);
  const id = randomUUID();
  const key = courseFileKey(id);

  let head = Buffer.alloc(0);
  let sniffed: Sniffed | null = null;
  let size = 0;
  const identify = () => {
    sniffed = sniffFile(head, filename);
    if (!sniffed) return new AppError(wanted === 'attachment' ? 'unsupportedFile' : 'notImage', 415);
    if (wanted !== 'attachment' && sniffed.kind !== 'image') return new AppError('notImage', 415);
    return null;
  };
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (!sniffed) {
        head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
        if (head.length >= HEAD_BYTES) {
          const refused = identify();
          if (refused) return done(refused);
        }
      }
      if (sniffed && size > FILE_LIMITS[sniffed.kind]) return done(new AppError('fileTooLarge', 413));
      done(null, chunk);
    },
    flush(done) {
      if (!sniffed) {
        const refused = identify();
        if (refused) return done(refused);
      }
      // The form's size limit ends the file early and marks it truncated: refuse before the store commits.
      if (part.file.truncated) return done(new AppError('fileTooLarge', 413));
      done();
    },
  });

  // pipeline() passes an error of the request's file stream on to `inspect`, and so to the store.
  const body = pipeline(part.file, inspect, () => undefined);
  try {
    await storage.put(key, body);
    if (part.file.truncated) {
      await storage.delete([key]);
      throw new AppError('fileTooLarge', 413);
    }
  } catch (error) {
    // A store that failed before reading it all (S3 unreachable) must not leave the request's body waiting.
    body.destroy();
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('fileTooLarge', 413);
    throw error;
  }
  return { id, filename, size, fields, key, ...sniffed! };
}

/**
 * How old one of the local disk store's unfinished writes (`DATA_DIR/files/*.part`) must be before start-up
 * removes it: an upload still streaming into a directory shared with another instance keeps writing to its
 * file, so a recent one may be alive. (An S3 store leaves no partial objects.)
 */
export const STALE_PART_MS = 10 * 60_000;

/**
 * Removes the temporary files of uploads cut off by a crash (`<id>.part` in `dir`) last written more than
 * `olderThanMs` ago; returns how many. File times are the wall clock's, so this compares with Date.now().
 */
export async function removeStaleParts(dir: string, olderThanMs = STALE_PART_MS): Promise<number> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || Date.now() - info.mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
