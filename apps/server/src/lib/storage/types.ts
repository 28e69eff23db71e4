/**
 * One interface for every stored file (issue 17): course files, model-training images and models, uploaded
 * ONNX models, AI paintings, anything later. Two implementations: the local disk under $DATA_DIR (one
 * machine, the default) and any S3-compatible bucket (`STORAGE_URL=s3://…`, several instances).
 *
 * Keys are `<area>/<name>` with a fixed area per kind of file ("files/<uuid>" for course files,
 * "train/<uuid>.<ext>" for model training, "paintings/<uuid>" for AI paintings); the local store keeps the
 * area as a folder of DATA_DIR, so an existing install's files keep their keys and the copy command
 * (`npm run storage:copy`) uploads them to a bucket under the same keys.
 */
import type { Readable } from 'node:stream';

/** A stored file's size and when it was written (for sweeps that must spare uploads in flight). */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Bytes `start` to `end` inclusive, as in an HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobStore {
  /** "local disk (./data)" or "S3 bucket b at http://…", for the start-up banner and logs. */
  readonly description: string;
  /**
   * Writes `body` under `key`, streaming. The object appears only when the whole body has arrived: if the
   * body stream errors (a refused upload: wrong type, too large, cut off) the promise rejects with that
   * error and nothing is left under the key, nor any partial upload. Replaces an existing object.
   */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<{ size: number }>;
  /** The object's bytes (or one range of them); throws `StoredFileMissing` when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The whole object in memory (small files only: an ONNX model to inspect, a painting). */
  getBuffer(key: string): Promise<Buffer>;
  /** Size and time, or null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the objects; keys that do not exist are fine. */
  delete(keys: Iterable<string>): Promise<void>;
  /** Every object whose key starts with `prefix` (e.g. "train/"), for sweeps and the copy command. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Releases connections (the S3 client's sockets). */
  close(): Promise<void>;
}

/** Thrown by `get`/`getBuffer` for a key with no object; routes turn it into 404. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`no stored file under ${key}`);
    this.name = 'StoredFileMissing';
  }
}
