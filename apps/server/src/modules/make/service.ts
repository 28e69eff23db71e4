/**
 * The block studio's projects (issue 26): a student's block programs with their last versions. Every function
 * takes the owner's id from the session (the routes pass it), and a project of anyone else is "not found", so
 * a guessed id tells nothing. Each write runs in one transaction: a project and its versions change together
 * or not at all.
 */
import {
  MAKE,
  jsonDepthWithin,
  workspaceBytes,
  type MakeProject,
  type MakeProjectSummary,
  type MakeVersion,
  type MakeWorkspace,
} from '@ai-edu/contract';
import { makeProjects, makeProjectVersions, users, type Db } from '@ai-edu/db';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { assetKeysOf, copyAssets, removeUnnamedAssets } from './asset-rows.ts';

type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
export type ProjectRow = typeof makeProjects.$inferSelect;

const notFound = () => new AppError('notFound', 404);

export function toSummary(row: ProjectRow): MakeProjectSummary {
  return {
    id: row.id,
    name: row.name,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sharedWithClass: row.sharedWithClass,
    hasShareLink: row.shareTokenHash !== null,
    thumbnail: row.thumbnail,
  };
}

export function toProject(row: ProjectRow): MakeProject {
  return { ...toSummary(row), workspace: JSON.parse(row.workspace) as MakeWorkspace };
}

/** The stored form of a workspace; refuses one over the limits (the contract checked them; this is the last word). */
function stored(workspace: MakeWorkspace): { workspace: string; bytes: number } {
  if (!jsonDepthWithin(workspace, MAKE.maxWorkspaceDepth)) throw new AppError('makeWorkspaceTooDeep', 400);
  const bytes = workspaceBytes(workspace);
  if (bytes > MAKE.maxWorkspaceBytes) throw new AppError('makeWorkspaceTooLarge', 413);
  return { workspace: JSON.stringify(workspace), bytes };
}

export async function listProjects(db: Db, ownerId: string): Promise<MakeProjectSummary[]> {
  const rows = await db
    .select()
    .from(makeProjects)
    .where(eq(makeProjects.ownerId, ownerId))
    .orderBy(desc(makeProjects.updatedAt), desc(makeProjects.id));
  return rows.map(toSummary);
}

/** The caller's project, locked for the rest of the transaction when `lock` is set; 404 for anyone else's. */
export async function ownProject(
  db: Pick<Db, 'select'>,
  ownerId: string,
  id: number,
  lock = false,
): Promise<ProjectRow> {
  const query = db
    .select()
    .from(makeProjects)
    .where(and(eq(makeProjects.id, id), eq(makeProjects.ownerId, ownerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function getProject(db: Db, ownerId: string, id: number): Promise<MakeProject> {
  return toProject(await ownProject(db, ownerId, id));
}

/**
 * Refuses a new project at the per-user limit. The owner's row is locked while counting, so two creations at
 * once cannot pass the limit together.
 */
async function assertRoomForOneMore(tx: Runner, ownerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  const [row] = await tx.select({ n: count() }).from(makeProjects).where(eq(makeProjects.ownerId, ownerId));
  if ((row?.n ?? 0) >= MAKE.maxProjectsPerUser) throw new AppError('makeProjectLimit', 409);
}

/**
 * Records `workspace` as the project's newest version: it replaces the newest one when that was saved less than
 * `MAKE.versionIntervalMs` ago (autosave's stream of small edits) unless `keepNewest` is set, else it is added
 * and the oldest beyond `MAKE.versionsKept` go.
 */
async function recordVersion(
  tx: Runner,
  projectId: number,
  version: { workspace: string; bytes: number },
  now: Date,
  keepNewest = false,
): Promise<void> {
  const [newest] = await tx
    .select({ id: makeProjectVersions.id, savedAt: makeProjectVersions.savedAt })
    .from(makeProjectVersions)
    .where(eq(makeProjectVersions.projectId, projectId))
    .orderBy(desc(makeProjectVersions.id))
    .limit(1);
  if (!keepNewest && newest && now.getTime() - newest.savedAt.getTime() < MAKE.versionIntervalMs) {
    await tx
      .update(makeProjectVersions)
      .set({ ...version, savedAt: now })
      .where(eq(makeProjectVersions.id, newest.id));
    return;
  }
  await tx.insert(makeProjectVersions).values({ projectId, ...version, savedAt: now });
  const old = await tx
    .select({ id: makeProjectVersions.id })
    .from(makeProjectVersions)
    .where(eq(makeProjectVersions.projectId, projectId))
    .orderBy(desc(makeProjectVersions.id))
    .offset(MAKE.versionsKept);
  if (old.length) {
    await tx.delete(makeProjectVersions).where(
      inArray(
        makeProjectVersions.id,
        old.map((v) => v.id),
      ),
    );
  }
}

export async function insertProject(
  tx: Runner,
  ownerId: string,
  name: string,
  version: { workspace: string; bytes: number },
  now: Date,
): Promise<ProjectRow> {
  await assertRoomForOneMore(tx, ownerId);
  const [row] = await tx
    .insert(makeProjects)
    .values({ ownerId, name, ...version, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await recordVersion(tx, row.id, version, now);
  return row;
}

export async function createProject(
  db: Db,
  ownerId: string,
  body: { name: string; workspace?: MakeWorkspace | undefined },
  now: Date,
): Promise<MakeProject> {
  const version = stored(body.workspace ?? {});
  const row = await db.transaction((tx) => insertProject(tx, ownerId, body.name, version, now));
  return toProject(row);
}

/** Autosave and rename: a new workspace also becomes the newest version. */
export async function updateProject(
  db: Db,
  ownerId: string,
  id: number,
  body: { name?: string | undefined; workspace?: MakeWorkspace | undefined },
  now: Date,
): Promise<MakeProjectSummary> {
  const version = body.workspace ? stored(body.workspace) : null;
  const row = await db.transaction(async (tx) => {
    await ownProject(tx, ownerId, id, true);
    const [updated] = await tx
      .update(makeProjects)
      .set({ ...(body.name !== undefined ? { name: body.name } : {}), ...version, updatedAt: now })
      .where(eq(makeProjects.id, id))
      .returning();
    if (version) await recordVersion(tx, id, version, now);
    return updated;
  });
  if (!row) throw notFound();
  return toSummary(row);
}

/** The name of a copy: the original's with " (copy)", shortened to fit the limit. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, MAKE.projectNameMax - suffix.length)}${suffix}`;
}

export async function duplicateProject(
  db: Db,
  ownerId: string,
  id: number,
  name: string | undefined,
  now: Date,
): Promise<MakeProjectSummary> {
  const row = await db.transaction(async (tx) => {
    const source = await ownProject(tx, ownerId, id);
    const version = { workspace: source.workspace, bytes: source.bytes };
    const copy = await insertProject(tx, ownerId, name ?? copyName(source.name), version, now);
    await copyAssets(tx, source.id, copy.id, ownerId, now);
    return copy;
  });
  return toSummary(row);
}

/**
 * Stores the project's thumbnail (already checked: an image data URL within the size limit). Not a change of
 * the program: neither `updatedAt` nor the versions move.
 */
export async function setThumbnail(db: Db, ownerId: string, id: number, thumbnail: string): Promise<void> {
  const updated = await db
    .update(makeProjects)
    .set({ thumbnail })
    .where(and(eq(makeProjects.id, id), eq(makeProjects.ownerId, ownerId)))
    .returning({ id: makeProjects.id });
  if (updated.length === 0) throw notFound();
}

/** Deletes the project with its versions and pictures (rows by cascade; objects once no copy names them). */
export async function deleteProject(db: Db, storage: BlobStore, ownerId: string, id: number): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    await ownProject(tx, ownerId, id, true);
    const named = await assetKeysOf(tx, id);
    await tx.delete(makeProjects).where(eq(makeProjects.id, id));
    return named;
  });
  await removeUnnamedAssets(db, storage, keys);
}

export async function listVersions(db: Db, ownerId: string, id: number): Promise<MakeVersion[]> {
  await ownProject(db, ownerId, id);
  const rows = await db
    .select({
      id: makeProjectVersions.id,
      bytes: makeProjectVersions.bytes,
      savedAt: makeProjectVersions.savedAt,
    })
    .from(makeProjectVersions)
    .where(eq(makeProjectVersions.projectId, id))
    .orderBy(desc(makeProjectVersions.id));
  return rows.map((v) => ({ id: v.id, bytes: v.bytes, savedAt: v.savedAt.toISOString() }));
}

/**
 * Puts a version's workspace back as the project's own. The restored workspace is added as the newest version
 * too, so the restore can itself be undone from the list.
 */
export async function restoreVersion(
  db: Db,
  ownerId: string,
  id: number,
  versionId: number,
  now: Date,
): Promise<MakeProject> {
  const row = await db.transaction(async (tx) => {
    await ownProject(tx, ownerId, id, true);
    const [version] = await tx
      .select({ workspace: makeProjectVersions.workspace, bytes: makeProjectVersions.bytes })
      .from(makeProjectVersions)
      .where(and(eq(makeProjectVersions.id, versionId), eq(makeProjectVersions.projectId, id)));
    if (!version) throw notFound();
    const [updated] = await tx
      .update(makeProjects)
      .set({ ...version, updatedAt: now })
      .where(eq(makeProjects.id, id))
      .returning();
    // Never over the newest version: that is the state before the restore, which must stay reachable.
    await recordVersion(tx, id, version, now, true);
    return updated;
  });
  if (!row) throw notFound();
  return toProject(row);
}
