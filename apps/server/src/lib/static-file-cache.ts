/**
 * The built app's files held in memory, with the headers they are sent with, so a class opening a lab at once
 * costs one write per file, not a stat, open, read loop and close each (issue 25 item 5: that per-request file
 * work made the server 3× slower than nginx at sending the same models).
 *
 * - A file under a content-hashed path never changes (a new build gives it a new URL): once read it is served
 *   from memory without looking at the disk again, and a missing compressed copy is remembered as missing.
 * - Any other file (index.html, the favicon) is checked with one stat per request and read again when its size
 *   or modification time changed, so a rebuild while the server runs is served at once.
 * - Memory is bounded: files above `maxFileBytes` are not kept (the caller streams them), and the least
 *   recently used files are dropped beyond `maxBytes`.
 * ETag and Last-Modified are those @fastify/send gives the same file (size and mtime), so a browser's cached
 * copy validates whichever path sent it.
 */
import { readFile, stat } from 'node:fs/promises';

export interface CachedFile {
  body: Buffer;
  etag: string;
  lastModified: string;
  mtimeMs: number;
}

/** Not in memory: no such file, or too big to keep (`size` then says how big). */
export type Lookup = CachedFile | { missing: true } | { tooBig: number };

export const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;
export const DEFAULT_MAX_FILE_BYTES = 32 * 1024 * 1024;
/** Remembered "no such file" answers count too: made-up URLs under a hashed folder must not grow the map. */
const MAX_ENTRIES = 20_000;

const MISSING = { missing: true } as const;

export class StaticFileCache {
  private readonly files = new Map<string, CachedFile | typeof MISSING>();
  private readonly loading = new Map<string, Promise<Lookup>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = DEFAULT_CACHE_BYTES,
    private readonly maxFileBytes = DEFAULT_MAX_FILE_BYTES,
  ) {}

  /** The file at this absolute path; `immutable` when its path is content-hashed (never re-checked). */
  async get(file: string, immutable: boolean): Promise<Lookup> {
    const known = immutable ? this.peek(file) : this.files.get(file);
    if (known && immutable) return known;
    let pending = this.loading.get(file);
    if (!pending) {
      // Forty browsers asking for the same cold file at once share one read.
      pending = this.load(file, known).finally(() => this.loading.delete(file));
      this.loading.set(file, pending);
    }
    return pending;
  }

  /**
   * What memory already knows of a content-hashed file, without waiting: the file, `missing`, or undefined
   * when it has not been looked for yet (then `get` loads it).
   */
  peek(file: string): CachedFile | { missing: true } | undefined {
    const known = this.files.get(file);
    if (known) {
      // Most recently used last, so eviction drops the coldest first.
      this.files.delete(file);
      this.files.set(file, known);
    }
    return known;
  }

  /** Bytes held now (for tests and diagnostics). */
  get heldBytes(): number {
    return this.bytes;
  }

  private async load(file: string, known: CachedFile | typeof MISSING | undefined): Promise<Lookup> {
    let info;
    try {
      info = await stat(file);
    } catch {
      this.forget(file);
      this.files.set(file, MISSING);
      this.evict();
      return MISSING;
    }
    if (!info.isFile()) {
      this.forget(file);
      return MISSING;
    }
    if (known && !('missing' in known) && known.mtimeMs === info.mtimeMs && known.body.length === info.size)
      return known;
    if (info.size > this.maxFileBytes) {
      this.forget(file);
      return { tooBig: info.size };
    }
    const body = await readFile(file);
    const entry: CachedFile = {
      body,
      etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
      lastModified: info.mtime.toUTCString(),
      mtimeMs: info.mtimeMs,
    };
    this.forget(file);
    this.files.set(file, entry);
    this.bytes += body.length;
    this.evict();
    return entry;
  }

  private forget(file: string): void {
    const old = this.files.get(file);
    if (old && !('missing' in old)) this.bytes -= old.body.length;
    this.files.delete(file);
  }

  private evict(): void {
    for (const [file] of this.files) {
      if (this.bytes <= this.maxBytes && this.files.size <= MAX_ENTRIES) return;
      this.forget(file);
    }
  }
}
