/**
 * Copies a one-machine install's stored files into the bucket STORAGE_URL names (docs/storage.md); the
 * command behind `npm run storage:copy` (storage-copy.ts runs it as a program).
 *
 * The areas `files/` (course files), `train/` (model training) and `paintings/` (AI paintings, when present)
 * go under the same keys, so the database's references stay right. An object already in the bucket with the
 * same size is skipped, so an interrupted copy can simply be run again. `--dry-run` lists what would be copied.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { LocalDiskStore } from '../lib/storage/local.ts';
import { S3Store } from '../lib/storage/s3.ts';
import { CommandFailure, type CommandContext } from './program.ts';

export const STORAGE_COPY_USAGE = `Usage: STORAGE_URL=s3://bucket?endpoint=… npm run storage:copy [-- --dry-run]
Copies DATA_DIR's files/, train/, paintings/ and make-assets/ into the bucket under the same keys; skips objects already
there with the same size.`;

const AREAS = ['files/', 'train/', 'paintings/', 'make-assets/'];
/** Files copied at once: enough to hide each request's latency, few enough for a school's uplink. */
const PARALLEL = 4;

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export async function storageCopy({ argv, env, out }: CommandContext): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { 'dry-run': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    out(STORAGE_COPY_USAGE);
    return;
  }
  const dryRun = values['dry-run'];
  const config = loadConfig(env);
  if (config.storage.kind !== 's3') {
    throw new CommandFailure(
      'STORAGE_URL is not set to an s3:// URL: there is no bucket to copy to.\n' +
        'Set STORAGE_URL=s3://BUCKET?endpoint=…&region=… (and STORAGE_ACCESS_KEY_ID, STORAGE_SECRET_ACCESS_KEY).\n' +
        STORAGE_COPY_USAGE,
    );
  }
  const local = new LocalDiskStore(config.dataDir);
  const bucket = new S3Store(config.storage);
  out(`${dryRun ? 'Dry run: would copy' : 'Copying'} ${config.dataDir} → ${bucket.description}`);

  let copied = 0;
  let copiedBytes = 0;
  let skipped = 0;
  let skippedBytes = 0;
  try {
    for (const area of AREAS) {
      // What the bucket already has, listed once per area rather than asked file by file.
      const present = new Map<string, number>();
      for await (const object of bucket.list(area)) present.set(object.key, object.size);
      const todo = [];
      for await (const file of local.list(area)) {
        if (present.get(file.key) === file.size) {
          skipped += 1;
          skippedBytes += file.size;
        } else {
          todo.push(file);
        }
      }
      const queue = [...todo];
      const worker = async () => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          if (!dryRun) await bucket.put(file.key, await local.get(file.key));
          copied += 1;
          copiedBytes += file.size;
          out(`${dryRun ? 'would copy' : 'copied'} ${file.key} (${mb(file.size)})`);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
    }
  } finally {
    await bucket.close();
  }
  out(
    `${dryRun ? 'Would copy' : 'Copied'} ${copied} file(s), ${mb(copiedBytes)}; ` +
      `skipped ${skipped} already in the bucket with the same size, ${mb(skippedBytes)}.`,
  );
}

/** The bucket's refusals (SignatureDoesNotMatch, NoSuchBucket, AccessDenied…) say enough in one line. */
export function explainBucketRefusal(error: unknown): string | undefined {
  if (error instanceof Error && '$metadata' in error) {
    return `The bucket refused: ${error.name}: ${error.message} (nothing more was copied; run again once fixed).`;
  }
  return undefined;
}
