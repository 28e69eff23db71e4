/**
 * Picks the store the configuration names: the local disk under DATA_DIR, or an S3-compatible bucket
 * (`STORAGE_URL=s3://…`, docs/storage.md).
 */
import type { Config } from '../../config.ts';
import { LocalDiskStore } from './local.ts';
import type { BlobStore } from './types.ts';

export type { BlobStore, ByteRange, StoredObject } from './types.ts';
export { StoredFileMissing } from './types.ts';
export { LocalDiskStore } from './local.ts';

export async function createBlobStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<BlobStore> {
  if (config.storage.kind === 's3') {
    // Loaded only when used: a one-machine install never pays for the AWS SDK at start-up.
    const { S3Store } = await import('./s3.ts');
    const store = new S3Store(config.storage);
    try {
      await store.probe();
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }
  return new LocalDiskStore(config.dataDir);
}
