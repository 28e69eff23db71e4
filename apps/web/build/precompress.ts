/**
 * Vite plugin (build only): a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the
 * build, so the server sends the smallest one the browser accepts without compressing per request
 * (apps/server/src/plugins/static-web.ts, @fastify/static's `preCompressed`).
 *
 * - A copy is kept only when it saves at least 10 % (model weights barely shrink), and the brotli copy only
 *   when it also beats gzip by 3 % (browsers send `br` only over HTTPS and to localhost; a school server
 *   on plain HTTP gets gzip, so gzip is the one that matters there).
 * - Brotli's best level (11) is slow: ~150 s for the 29 MB of face models on 2 cores, for 4 % over level 5.
 *   Text (JS, CSS, JSON, WASM) gets 11, model weights (.bin) and anything over 4 MB get 5.
 * - Outputs are cached by content hash in node_modules/.cache/precompress, so a rebuild (`npm start` after a
 *   change) compresses only the files that changed: the models and unchanged chunks cost nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm|bin|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const KEEP_RATIO = 0.9;
const BR_OVER_GZ_RATIO = 0.97;
/** Cache entries not used by any build for this long are removed. */
const CACHE_DAYS = 14;

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultCacheDir = path.resolve(here, '../../../node_modules/.cache/precompress');

function brotliQuality(file: string, size: number): number {
  return file.endsWith('.bin') || size > 4 * 1024 * 1024 ? 5 : 11;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Runs `jobs` with at most `limit` at a time (zlib's async calls use libuv's thread pool). */
async function runLimited(jobs: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

/** The compressed bytes, from the cache when this content was compressed before (same level). */
async function cached(cacheDir: string, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(cacheDir, key);
  if (existsSync(file)) {
    const now = new Date();
    utimesSync(file, now, now);
    return readFile(file);
  }
  const made = await make();
  await writeFile(`${file}.${process.pid}.tmp`, made);
  // Renamed into place, so a concurrent build never reads half a file.
  await rename(`${file}.${process.pid}.tmp`, file);
  return made;
}

export interface PrecompressStats {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** How far compression got: files and bytes done out of all. */
export type PrecompressProgress = (
  done: { files: number; bytes: number },
  total: { files: number; bytes: number },
) => void;

/** Writes `<file>.br` / `<file>.gz` beside each compressible file under `dir`. */
export async function precompressDir(
  dir: string,
  cacheDir = defaultCacheDir,
  onProgress?: PrecompressProgress,
): Promise<PrecompressStats> {
  mkdirSync(cacheDir, { recursive: true });
  const stats: PrecompressStats = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  const files = walk(dir).filter(
    (file) =>
      COMPRESSIBLE.test(file) &&
      // dist/.vite/ (the build manifest) is not served.
      !path.relative(dir, file).startsWith('.') &&
      statSync(file).size >= MIN_BYTES,
  );
  const total = { files: files.length, bytes: files.reduce((sum, file) => sum + statSync(file).size, 0) };
  const done = { files: 0, bytes: 0 };
  const jobs = files.map((file) => async () => {
    const source = await readFile(file);
    const digest = createHash('sha256').update(source).digest('hex');
    const quality = brotliQuality(file, source.length);
    const gz = await cached(cacheDir, `${digest}.gz9`, () => gzip(source, { level: 9 }));
    const br = await cached(cacheDir, `${digest}.br${quality}`, () =>
      brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    );
    const keepGz = gz.length <= source.length * KEEP_RATIO;
    const keepBr =
      br.length <= source.length * KEEP_RATIO &&
      br.length <= (keepGz ? gz.length : source.length) * BR_OVER_GZ_RATIO;
    if (keepGz) await writeFile(`${file}.gz`, gz);
    if (keepBr) await writeFile(`${file}.br`, br);
    stats.files += 1;
    stats.bytes += source.length;
    stats.gzipBytes += keepGz ? gz.length : source.length;
    stats.brotliBytes += keepBr ? br.length : keepGz ? gz.length : source.length;
    done.files += 1;
    done.bytes += source.length;
    onProgress?.(done, total);
  });
  await runLimited(jobs, Math.max(2, os.availableParallelism()));
  await pruneCache(cacheDir);
  return stats;
}

async function pruneCache(cacheDir: string): Promise<void> {
  const cutoff = Date.now() - CACHE_DAYS * 24 * 3600 * 1000;
  for (const name of readdirSync(cacheDir)) {
    const file = path.join(cacheDir, name);
    if (statSync(file).mtimeMs < cutoff) await rm(file, { force: true });
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: Logger | undefined;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    // After every other plugin has written its files (the model files are copied in writeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const started = Date.now();
        const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
        // The first build compresses ~64 MB (a minute or more on 2 cores): say how far it got every 5 s.
        let reported = started;
        const stats = await precompressDir(outDir, defaultCacheDir, (done, total) => {
          if (Date.now() - reported < 5000) return;
          reported = Date.now();
          logger?.info(
            `precompressing: ${done.files} of ${total.files} files, ${mb(done.bytes)} of ${mb(total.bytes)} (${Math.round((100 * done.bytes) / Math.max(1, total.bytes))} %)`,
          );
        });
        logger?.info(
          `precompressed ${stats.files} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
            `${mb(stats.bytes)} → gzip ${mb(stats.gzipBytes)}, brotli ${mb(stats.brotliBytes)}`,
        );
      },
    },
  };
}
