/**
 * The local-disk store: one machine's default. A key `area/name` is the file DATA_DIR/area/name, so the
 * folders an install already has (`files/`, `train/`) are the stores' areas. A write goes to a `.part`
 * file beside its target and is renamed into place only when complete, so a refused or cut-off upload
 * leaves nothing under its key (start-up sweeps `.part` files a crash left: `removeStaleParts`).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { StoredFileMissing, type BlobStore, type ByteRange, type StoredObject } from './types.ts';

/** A key is `area/name`, each part letters, digits, `.`, `-` or `_`, never `..`: nothing escapes the root. */
const KEY_RE = /^[a-z0-9-]+\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertKey(key: string): void {
  if (!KEY_RE.test(key) || key.includes('..') || key.endsWith('.part')) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalDiskStore implements BlobStore {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `local disk (${root})`;
  }

  private fileOf(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable | Buffer): Promise<{ size: number }> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}.part`;
    const out = createWriteStream(partial);
    let size = 0;
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            yield chunk;
          }
        },
        out,
      );
    } catch (error) {
      // A refusal in the first chunk can come while the file is still being opened: wait until the stream
      // has let go of it, or the file would be created after it was removed.
      await finished(out).catch(() => undefined);
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, file);
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.fileOf(key);
    // Open first so a missing file is an error here, not a stream error after headers went out.
    await stat(file).catch((error: unknown) => {
      throw isMissing(error) ? new StoredFileMissing(key) : error;
    });
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async getBuffer(key: string): Promise<Buffer> {
    return readFile(this.fileOf(key)).catch((error: unknown) => {
      throw isMissing(error) ? new StoredFileMissing(key) : error;
    });
  }

  async stat(key: string): Promise<StoredObject | null> {
    const info = await stat(this.fileOf(key)).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return info?.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : null;
  }

  async delete(keys: Iterable<string>): Promise<void> {
    await Promise.all([...new Set(keys)].map((key) => rm(this.fileOf(key), { force: true })));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    // Areas are folders: list the folder the prefix names and filter by the rest of the prefix.
    const slash = prefix.indexOf('/');
    if (slash < 0)
      throw new Error(`list needs an area prefix such as "train/", got ${JSON.stringify(prefix)}`);
    const area = prefix.slice(0, slash);
    const rest = prefix.slice(slash + 1);
    const names = await readdir(path.join(this.root, area)).catch((error: unknown) => {
      if (isMissing(error)) return [] as string[];
      throw error;
    });
    for (const name of names.sort()) {
      if (!name.startsWith(rest) || name.endsWith('.part')) continue;
      const key = `${area}/${name}`;
      if (!KEY_RE.test(key)) continue;
      const info = await this.stat(key).catch(() => null);
      if (info) yield info;
    }
  }

  async close(): Promise<void> {}
}
