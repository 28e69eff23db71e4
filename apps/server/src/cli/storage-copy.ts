/**
 * `npm run storage:copy`: copies a one-machine install's stored files into the bucket STORAGE_URL names
 * (docs/storage.md; the command itself is storage-copy-command.ts).
 *
 *   STORAGE_URL=s3://… STORAGE_ACCESS_KEY_ID=… STORAGE_SECRET_ACCESS_KEY=… DATA_DIR=./data npm run storage:copy [-- --dry-run]
 */
import { runAsProgram } from './program.ts';
import { explainBucketRefusal, STORAGE_COPY_USAGE, storageCopy } from './storage-copy-command.ts';

runAsProgram(storageCopy, { usage: STORAGE_COPY_USAGE, explain: explainBucketRefusal });
