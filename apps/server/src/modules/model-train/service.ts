/**
 * Model training's projects: who may read or change one, how it looks on the wire, the per-user storage
 * quota. A project belongs to its owner; a school account (vip 2) may share one read-only with one of its
 * classes, whose students may then read its dataset, train on it, evaluate and duplicate it.
 */
import {
  DEFAULT_TRAIN_SETTINGS_BY_KIND,
  type SavedModel,
  type TrainImage,
  type TrainKind,
  type TrainProject,
  withoutBidiControls,
} from '@ai-edu/contract';
import {
  classStudents,
  classes,
  onnxModels,
  trainImages,
  trainLastModels,
  trainModels,
  trainProjects,
  users,
  type Db,
} from '@ai-edu/db';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { User } from '../users/accounts.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { fileUrl, removeFiles, type StoredPart } from './files.ts';

export type ProjectRow = typeof trainProjects.$inferSelect;
export type ImageRow = typeof trainImages.$inferSelect;
export type ModelRow = typeof trainModels.$inferSelect;

/** A transaction or the database: both run the same queries. */
export type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export interface ProjectAccess {
  project: ProjectRow;
  /** True when the caller reads it through their class (it is not theirs). */
  readOnly: boolean;
}

/**
 * The project as the caller may see it: their own, or one shared with a class they are a student of. Any
 * other project is "not found" (its existence is not told); a write to a shared one is refused.
 */
export async function projectFor(db: Db, user: User, id: number, write: boolean): Promise<ProjectAccess> {
  const [project] = await db.select().from(trainProjects).where(eq(trainProjects.id, id));
  if (!project) throw new AppError('notFound', 404);
  if (project.ownerId === user.id) return { project, readOnly: false };
  if (project.sharedClassId && (await isStudentOf(db, user.id, project.sharedClassId))) {
    if (write) throw new AppError('trainReadOnly', 403);
    return { project, readOnly: true };
  }
  throw new AppError('notFound', 404);
}

async function isStudentOf(db: Db, userId: string, classId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: classStudents.userId })
    .from(classStudents)
    .where(and(eq(classStudents.classId, classId), eq(classStudents.userId, userId)));
  return Boolean(row);
}

export function newProjectValues(user: User, name: string, kind: TrainKind, classNames: string[], now: Date) {
  return {
    ownerId: user.id,
    name,
    kind,
    classes: classNames,
    settings: DEFAULT_TRAIN_SETTINGS_BY_KIND[kind],
    // Any seed will do; a fresh one per project keeps two projects' splits apart.
    splitSeed: Math.floor(Math.random() * 2 ** 31),
    createdAt: now,
    updatedAt: now,
  };
}

export async function projectCount(db: Runner, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trainProjects).where(eq(trainProjects.ownerId, userId));
  return row?.n ?? 0;
}

/**
 * Everything a user stores: their projects' images and thumbnails, their saved models, ONNX uploads and last
 * trained models.
 */
export async function usedBytes(db: Runner, userId: string): Promise<number> {
  const [images] = await db
    .select({ n: sql<string>`coalesce(sum(${trainImages.bytes} + ${trainImages.thumbBytes}), 0)` })
    .from(trainImages)
    .where(eq(trainImages.ownerId, userId));
  const [models] = await db
    .select({ n: sql<string>`coalesce(sum(${trainModels.bytes}), 0)` })
    .from(trainModels)
    .where(eq(trainModels.userId, userId));
  const [onnx] = await db
    .select({ n: sql<string>`coalesce(sum(${onnxModels.bytes}), 0)` })
    .from(onnxModels)
    .where(eq(onnxModels.userId, userId));
  const [last] = await db
    .select({ n: sql<string>`coalesce(sum(${trainLastModels.bytes}), 0)` })
    .from(trainLastModels)
    .where(eq(trainLastModels.userId, userId));
  return Number(images?.n ?? 0) + Number(models?.n ?? 0) + Number(onnx?.n ?? 0) + Number(last?.n ?? 0);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Inside a transaction: locks the user's row (two uploads at once cannot pass the quota together), then
 * refuses when `adding` more bytes would go over the limit, naming what is used and the limit.
 */
export async function reserveQuota(tx: Runner, userId: string, adding: number, limit: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const used = await usedBytes(tx, userId);
  if (used + adding > limit) {
    throw new AppError('trainQuotaFull', 413, -1, {}, `${mb(used)} / ${mb(limit)}, this needs ${mb(adding)}`);
  }
}

export function toImage(row: ImageRow, secret: string, now: Date): TrainImage {
  return {
    id: row.id,
    projectId: row.projectId,
    label: row.label,
    split: row.split as TrainImage['split'],
    boxes: row.boxes,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    // Names stored before the display-name rule applied to them may still hold direction overrides.
    fileName: withoutBidiControls(row.fileName),
    url: fileUrl(secret, row.fileKey, now),
    thumbUrl: fileUrl(secret, row.thumbKey ?? row.fileKey, now),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toModel(row: ModelRow, secret: string, now: Date): SavedModel {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    format: row.format as SavedModel['format'],
    bytes: row.bytes,
    summary: row.summary ?? null,
    url: fileUrl(secret, row.fileKey, now),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function projectImages(db: Db, projectId: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(trainImages)
    .where(eq(trainImages.projectId, projectId))
    .orderBy(asc(trainImages.id));
}

/** Projects as the wire shows them, for one caller: counts, sizes, sharing, the caller's saved models. */
export async function toProjects(
  db: Db,
  rows: ProjectAccess[],
  caller: User,
  secret: string,
  now: Date,
): Promise<TrainProject[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.project.id);
  const sizes = await db
    .select({
      projectId: trainImages.projectId,
      n: count(),
      bytes: sql<string>`coalesce(sum(${trainImages.bytes} + ${trainImages.thumbBytes}), 0)`,
    })
    .from(trainImages)
    .where(inArray(trainImages.projectId, ids))
    .groupBy(trainImages.projectId);
  const sizeOf = new Map(sizes.map((s) => [s.projectId, s]));
  const models = await db
    .select()
    .from(trainModels)
    .where(and(inArray(trainModels.projectId, ids), eq(trainModels.userId, caller.id)))
    .orderBy(desc(trainModels.createdAt), desc(trainModels.id));
  const ownerIds = [...new Set(rows.filter((r) => r.readOnly).map((r) => r.project.ownerId))];
  const owners = ownerIds.length
    ? await db
        .select({ id: users.id, account: users.account, company: users.companyName })
        .from(users)
        .where(inArray(users.id, ownerIds))
    : [];
  const ownerName = new Map(owners.map((o) => [o.id, o.company || o.account]));
  const classIds = [
    ...new Set(
      rows.flatMap((r) => (!r.readOnly && r.project.sharedClassId ? [r.project.sharedClassId] : [])),
    ),
  ];
  const classRows = classIds.length
    ? await db
        .select({ id: classes.id, name: classes.name })
        .from(classes)
        .where(inArray(classes.id, classIds))
    : [];
  const className = new Map(classRows.map((c) => [c.id, c.name]));
  return rows.map(({ project, readOnly }) => {
    const size = sizeOf.get(project.id);
    const sharedClass = !readOnly && project.sharedClassId ? project.sharedClassId : null;
    return {
      id: project.id,
      name: project.name,
      kind: project.kind as TrainKind,
      classes: project.classes,
      settings: project.settings,
      splitSeed: project.splitSeed,
      lastRun: project.lastRun ?? null,
      imageCount: size?.n ?? 0,
      bytes: Number(size?.bytes ?? 0),
      sharedBy: readOnly ? (ownerName.get(project.ownerId) ?? '') : null,
      readOnly,
      sharedWith: sharedClass ? { classId: sharedClass, className: className.get(sharedClass) ?? '' } : null,
      models: models.filter((m) => m.projectId === project.id).map((m) => toModel(m, secret, now)),
      createdAt: project.createdAt.toISOString(),
      updatedAt: project.updatedAt.toISOString(),
    };
  });
}

/** The caller's own projects (newest change first) and those shared with a class they are a student of. */
export async function listProjects(db: Db, user: User) {
  const own = await db
    .select()
    .from(trainProjects)
    .where(eq(trainProjects.ownerId, user.id))
    .orderBy(desc(trainProjects.updatedAt), desc(trainProjects.id));
  const shared = await db
    .select({ project: trainProjects })
    .from(trainProjects)
    .innerJoin(classStudents, eq(classStudents.classId, trainProjects.sharedClassId))
    .where(eq(classStudents.userId, user.id))
    .orderBy(desc(trainProjects.updatedAt), desc(trainProjects.id));
  return {
    own: own.map((project) => ({ project, readOnly: false })),
    shared: shared
      .filter((r) => r.project.ownerId !== user.id)
      .map((r) => ({ project: r.project, readOnly: true })),
  };
}

/** Labels a project's images or boxes still use among `names` (a class cannot go while it labels something). */
export async function classesInUse(db: Db, projectId: number, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const wanted = new Set(names);
  const rows = await db
    .select({ label: trainImages.label, boxes: trainImages.boxes })
    .from(trainImages)
    .where(eq(trainImages.projectId, projectId));
  const used = new Set<string>();
  for (const row of rows) {
    if (row.label && wanted.has(row.label)) used.add(row.label);
    for (const box of row.boxes) if (wanted.has(box.label)) used.add(box.label);
  }
  return [...used];
}

/** Every file key a project's rows name (images, thumbnails, everyone's saved and last trained models of it). */
export async function projectFileKeys(db: Runner, projectId: number): Promise<string[]> {
  const images = await db
    .select({ file: trainImages.fileKey, thumb: trainImages.thumbKey })
    .from(trainImages)
    .where(eq(trainImages.projectId, projectId));
  const models = await db
    .select({ file: trainModels.fileKey })
    .from(trainModels)
    .where(eq(trainModels.projectId, projectId));
  const last = await db
    .select({ file: trainLastModels.fileKey })
    .from(trainLastModels)
    .where(eq(trainLastModels.projectId, projectId));
  return [
    ...images.flatMap((i) => (i.thumb ? [i.file, i.thumb] : [i.file])),
    ...models.map((m) => m.file),
    ...last.map((m) => m.file),
  ];
}

/**
 * Keeps a model file that has streamed into the store under its final key (a saved model, an ONNX upload):
 * `prepare` checks the fields and the file and says how to insert its row; then one transaction reserves the
 * quota and runs `insert` (which counts the user's limit and writes the row naming the key). The object is
 * there before the row commits (a row never names a missing file); any refusal deletes it: nothing is left
 * behind.
 */
export async function keepUploadedModel<T>(options: {
  db: Db;
  storage: BlobStore;
  userId: string;
  quotaBytes: number;
  received: StoredPart;
  prepare: () => Promise<{ insert: (tx: Runner, key: string) => Promise<T> }>;
}): Promise<T> {
  const { db, storage, userId, quotaBytes, received } = options;
  try {
    const { insert } = await options.prepare();
    return await db.transaction(async (tx) => {
      await reserveQuota(tx, userId, received.size, quotaBytes);
      return insert(tx, received.fileKey);
    });
  } catch (error) {
    await removeFiles(storage, [received.fileKey]);
    throw error;
  }
}
