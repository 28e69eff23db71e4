/**
 * Picks the store the configuration names: the local disk under DATA_DIR, or an S3-compatible bucket
 * (`STORAGE_URL=s3://…`, docs/operations.md "Stored files").
 */
import type { Config } from '../../config.ts';
import { LocalDiskStore } from './local.ts';
import type { BlobStore } from './types.ts';

export type { BlobStore, ByteRange, StoredObject } from './types.ts';
export { StoredFileMissing } from './types.ts';
export { LocalDiskStore } from './local.ts';

export async function createBlobStore(config: Pick<Config, 'dataDir'>): Promise<BlobStore> {
  // The S3 branch is added with the S3 store (lib/storage/s3.ts).
  return new LocalDiskStore(config.dataDir);
}
