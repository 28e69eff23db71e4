/**
 * What projects themselves need of their pictures (duplicate, remix, delete: copying rows, removing objects no
 * row names), apart from assets.ts so that service.ts and sharing.ts use it without an import cycle.
 */
import { MAKE } from '@ai-edu/contract';
import { makeProjectAssets, users, type Db } from '@ai-edu/db';
import { eq, inArray, sum } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/index.ts';

export type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** The bytes a user's pictures use in all their projects. */
export async function userAssetBytes(tx: Pick<Db, 'select'>, ownerId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sum(makeProjectAssets.bytes) })
    .from(makeProjectAssets)
    .where(eq(makeProjectAssets.ownerId, ownerId));
  return Number(row?.n ?? 0);
}

/** Locks the user's row, so two uploads or copies at once cannot pass the per-user quota together. */
export async function lockUser(tx: Pick<Db, 'select'>, ownerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

/** The storage keys a project's pictures name (read before the project is deleted). */
export async function assetKeysOf(tx: Pick<Db, 'select'>, projectId: number): Promise<string[]> {
  const rows = await tx
    .select({ key: makeProjectAssets.storageKey })
    .from(makeProjectAssets)
    .where(eq(makeProjectAssets.projectId, projectId));
  return rows.map((row) => row.key);
}

/**
 * Gives the new project `toProjectId` (of `toOwnerId`) the pictures of `fromProjectId`, in the caller's
 * transaction: new rows naming the same stored objects (an object goes only when no row names it), so a
 * copy writes nothing to storage and cannot be half made. The copies count against the new owner's quota.
 */
export async function copyAssets(
  tx: Runner,
  fromProjectId: number,
  toProjectId: number,
  toOwnerId: string,
  now: Date,
): Promise<void> {
  const source = await tx
    .select()
    .from(makeProjectAssets)
    .where(eq(makeProjectAssets.projectId, fromProjectId))
    .orderBy(makeProjectAssets.id);
  if (!source.length) return;
  await lockUser(tx, toOwnerId);
  const adding = source.reduce((total, asset) => total + asset.bytes, 0);
  if ((await userAssetBytes(tx, toOwnerId)) + adding > MAKE.assetsMaxBytesPerUser) {
    throw new AppError('makeAssetsQuota', 409);
  }
  await tx.insert(makeProjectAssets).values(
    source.map((asset) => ({
      projectId: toProjectId,
      ownerId: toOwnerId,
      name: asset.name,
      mime: asset.mime,
      bytes: asset.bytes,
      storageKey: asset.storageKey,
      createdAt: now,
    })),
  );
}

/** Of these storage keys, those a picture's row still names. */
export async function stillNamed(db: Pick<Db, 'select'>, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .select({ key: makeProjectAssets.storageKey })
    .from(makeProjectAssets)
    .where(inArray(makeProjectAssets.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}

/**
 * Removes those of `keys` no row names any more. Called after the deleting transaction committed, so of two
 * deletions at once (a project and its copy) at least the later one sees the other's rows gone.
 */
export async function removeUnnamedAssets(db: Db, storage: BlobStore, keys: string[]): Promise<void> {
  const wanted = [...new Set(keys)];
  for (let i = 0; i < wanted.length; i += 500) {
    const batch = wanted.slice(i, i + 500);
    const kept = await stillNamed(db, batch);
    const unnamed = batch.filter((key) => !kept.has(key));
    if (unnamed.length) await storage.delete(unnamed);
  }
}
