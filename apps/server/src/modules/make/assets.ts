/**
 * A project's pictures (issue 26: the student's own pictures and camera snapshots as costumes). The bytes are
 * in storage (lib/storage) under `make-assets/<uuid>`, a row per picture in `make_project_assets`. An upload
 * stores its object first and then writes its row in one transaction that also checks the limits; a refusal
 * or a failure removes the object again, and a crash in between leaves an object the orphan sweep removes.
 * Rows of copies (duplicate, remix) name the same objects: an object is removed only once no row names it.
 */
import { randomUUID } from 'node:crypto';
import { MAKE, type MakeAsset, type MakeAssetList } from '@ai-edu/contract';
import { makeProjectAssets, type Db } from '@ai-edu/db';
import { and, asc, count, eq, sum } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { sweepOrphanObjects } from '../../lib/storage/orphans.ts';
import { sniffFile } from '../courses/file-types.ts';
import { lockUser, removeUnnamedAssets, stillNamed, userAssetBytes } from './asset-rows.ts';
import { ownProject } from './service.ts';

export const ASSETS_PREFIX = 'make-assets/';
const OWN_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type AssetRow = typeof makeProjectAssets.$inferSelect;

const notFound = () => new AppError('notFound', 404);

function toAsset(row: AssetRow): MakeAsset {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime as MakeAsset['mime'],
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The picture's type from its first bytes (never its name or the browser's claim); null for anything else. */
export function pictureMime(bytes: Buffer): MakeAsset['mime'] | null {
  const sniffed = sniffFile(bytes.subarray(0, 16), '');
  return sniffed?.kind === 'image' ? (sniffed.mime as MakeAsset['mime']) : null;
}

export async function listAssets(db: Db, projectId: number, ownerId: string | null): Promise<MakeAssetList> {
  const rows = await db
    .select()
    .from(makeProjectAssets)
    .where(eq(makeProjectAssets.projectId, projectId))
    .orderBy(asc(makeProjectAssets.id));
  return {
    assets: rows.map(toAsset),
    projectBytes: rows.reduce((total, row) => total + row.bytes, 0),
    userBytes: ownerId ? await userAssetBytes(db, ownerId) : 0,
  };
}

/** The caller's own project's picture; 404 for anyone else's project or a picture of another project. */
export async function assetOf(db: Pick<Db, 'select'>, projectId: number, assetId: number): Promise<AssetRow> {
  const [row] = await db
    .select()
    .from(makeProjectAssets)
    .where(and(eq(makeProjectAssets.id, assetId), eq(makeProjectAssets.projectId, projectId)));
  if (!row) throw notFound();
  return row;
}

/** Refuses one more picture of `bytes` over the project's count or size, or the owner's quota. */
async function assertRoom(tx: Pick<Db, 'select'>, ownerId: string, projectId: number, bytes: number) {
  const [project] = await tx
    .select({ n: count(), bytes: sum(makeProjectAssets.bytes) })
    .from(makeProjectAssets)
    .where(eq(makeProjectAssets.projectId, projectId));
  if ((project?.n ?? 0) >= MAKE.assetsMaxPerProject) throw new AppError('makeAssetsTooMany', 409);
  if (Number(project?.bytes ?? 0) + bytes > MAKE.assetsMaxBytesPerProject) {
    throw new AppError('makeAssetsProjectFull', 413);
  }
  if ((await userAssetBytes(tx, ownerId)) + bytes > MAKE.assetsMaxBytesPerUser) {
    throw new AppError('makeAssetsQuota', 413);
  }
}

/**
 * Adds a picture to the caller's project. The bytes are checked (a picture, at most `MAKE.assetMaxBytes`),
 * stored, then the row is written with the limits checked on the locked project and user; anything refused
 * leaves no object behind.
 */
export async function addAsset(
  db: Db,
  storage: BlobStore,
  ownerId: string,
  projectId: number,
  picture: { name: string; bytes: Buffer },
  now: Date,
): Promise<MakeAsset> {
  const mime = pictureMime(picture.bytes);
  if (!mime) throw new AppError('makeAssetNotImage', 415);
  if (picture.bytes.length > MAKE.assetMaxBytes) throw new AppError('makeAssetTooLarge', 413);
  // Before anything is stored: a guessed id answers 404 without writing a byte.
  await ownProject(db, ownerId, projectId);
  const storageKey = `${ASSETS_PREFIX}${randomUUID()}`;
  await storage.put(storageKey, picture.bytes, { contentType: mime });
  try {
    const row = await db.transaction(async (tx) => {
      await ownProject(tx, ownerId, projectId, true);
      await lockUser(tx, ownerId);
      await assertRoom(tx, ownerId, projectId, picture.bytes.length);
      const [inserted] = await tx
        .insert(makeProjectAssets)
        .values({
          projectId,
          ownerId,
          name: picture.name,
          mime,
          bytes: picture.bytes.length,
          storageKey,
          createdAt: now,
        })
        .returning();
      return inserted!;
    });
    return toAsset(row);
  } catch (error) {
    await storage.delete([storageKey]);
    throw error;
  }
}

export async function renameAsset(
  db: Db,
  ownerId: string,
  projectId: number,
  assetId: number,
  name: string,
): Promise<MakeAsset> {
  const row = await db.transaction(async (tx) => {
    await ownProject(tx, ownerId, projectId, true);
    await assetOf(tx, projectId, assetId);
    const [updated] = await tx
      .update(makeProjectAssets)
      .set({ name })
      .where(eq(makeProjectAssets.id, assetId))
      .returning();
    return updated!;
  });
  return toAsset(row);
}

export async function deleteAsset(
  db: Db,
  storage: BlobStore,
  ownerId: string,
  projectId: number,
  assetId: number,
): Promise<void> {
  const key = await db.transaction(async (tx) => {
    await ownProject(tx, ownerId, projectId, true);
    const row = await assetOf(tx, projectId, assetId);
    await tx.delete(makeProjectAssets).where(eq(makeProjectAssets.id, assetId));
    return row.storageKey;
  });
  await removeUnnamedAssets(db, storage, [key]);
}

/** Pictures' objects no row names (a cascade from a deleted user, a crash): see lib/storage/orphans.ts. */
export const sweepOrphanAssets = (db: Db, storage: BlobStore, olderThanMs?: number): Promise<number> =>
  sweepOrphanObjects(
    storage,
    {
      prefix: ASSETS_PREFIX,
      ownName: OWN_NAME,
      stillNamed: async (names) => {
        const kept = await stillNamed(
          db,
          names.map((name) => `${ASSETS_PREFIX}${name}`),
        );
        return new Set([...kept].map((key) => key.slice(ASSETS_PREFIX.length)));
      },
    },
    olderThanMs,
  );
