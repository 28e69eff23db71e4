/**
 * Reading other people's studio projects (issue 26, docs/make-studio.md "Sharing and the class"). Three ways in,
 * all read-only, each deciding from the session alone:
 * - a share link: anyone signed in who holds the token (only its SHA-256 is stored; a new link revokes the old);
 * - the class gallery: classmates (students of one of the owner's classes) see projects shared with the class;
 * - the teacher view: a teacher (or the school) of one of the owner's classes sees all of the owner's projects.
 * Anything else is "not found", so a guessed id or token tells nothing. A reader may remix: the copy becomes the
 * reader's own project and counts against their limit.
 */
import type {
  MakeGalleryItem,
  MakeProjectSummary,
  MakeSharedProject,
  MakeTeachingList,
} from '@ai-edu/contract';
import { classes, classStudents, classTeachers, makeProjects, type Db } from '@ai-edu/db';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { User } from '../users/accounts.ts';
import { staffOf, type Staff } from '../classes/access.ts';
import { copyAssets } from './asset-rows.ts';
import { copyName, insertProject, toSummary, type ProjectRow } from './service.ts';

const notFound = () => new AppError('notFound', 404);

/** The owner's project, locked for the transaction; 404 for anyone else's. */
async function ownRow(tx: Pick<Db, 'select'>, ownerId: string, id: number): Promise<ProjectRow> {
  const [row] = await tx
    .select()
    .from(makeProjects)
    .where(and(eq(makeProjects.id, id), eq(makeProjects.ownerId, ownerId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Makes a new share link for the owner's project; the previous link, if any, stops working. */
export async function createShareLink(db: Db, ownerId: string, id: number): Promise<{ token: string }> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await ownRow(tx, ownerId, id);
    await tx
      .update(makeProjects)
      .set({ shareTokenHash: hashToken(token) })
      .where(eq(makeProjects.id, id));
  });
  return { token };
}

export async function revokeShareLink(db: Db, ownerId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ownRow(tx, ownerId, id);
    await tx.update(makeProjects).set({ shareTokenHash: null }).where(eq(makeProjects.id, id));
  });
}

export async function setClassShare(
  db: Db,
  ownerId: string,
  id: number,
  shared: boolean,
): Promise<MakeProjectSummary> {
  const row = await db.transaction(async (tx) => {
    await ownRow(tx, ownerId, id);
    const [updated] = await tx
      .update(makeProjects)
      .set({ sharedWithClass: shared })
      .where(eq(makeProjects.id, id))
      .returning();
    return updated;
  });
  if (!row) throw notFound();
  return toSummary(row);
}

/** The name a student goes by in class (their first class's), or '' for someone in no class. */
async function classNameOfStudent(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ displayName: classStudents.displayName })
    .from(classStudents)
    .where(eq(classStudents.userId, userId))
    .orderBy(asc(classStudents.createdAt))
    .limit(1);
  return row?.displayName ?? '';
}

function toShared(row: ProjectRow, authorName: string): MakeSharedProject {
  return {
    id: row.id,
    name: row.name,
    authorName,
    updatedAt: row.updatedAt.toISOString(),
    workspace: JSON.parse(row.workspace) as MakeSharedProject['workspace'],
  };
}

/** The project a share link opens; the link's own 404 when it does not work. */
export async function rowByToken(db: Pick<Db, 'select'>, token: string): Promise<ProjectRow> {
  const [row] = await db
    .select()
    .from(makeProjects)
    .where(eq(makeProjects.shareTokenHash, hashToken(token)));
  if (!row) throw new AppError('makeShareLinkGone', 404);
  return row;
}

export async function readSharedLink(db: Db, token: string): Promise<MakeSharedProject> {
  const row = await rowByToken(db, token);
  return toShared(row, await classNameOfStudent(db, row.ownerId));
}

/** A copy of `source` as the reader's own project (checked against the reader's limit in the same transaction). */
async function remix(
  db: Db,
  readerId: string,
  find: (tx: Pick<Db, 'select'>) => Promise<ProjectRow>,
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    const source = await find(tx);
    const version = { workspace: source.workspace, bytes: source.bytes };
    const copy = await insertProject(tx, readerId, copyName(source.name), version, now);
    await copyAssets(tx, source.id, copy.id, readerId, now);
    return copy;
  });
  return toSummary(row);
}

export const remixSharedLink = (db: Db, readerId: string, token: string, now: Date) =>
  remix(db, readerId, (tx) => rowByToken(tx, token), now);

/**
 * The classes the caller looks after as a school or one of its teachers (modules/classes/access.ts decides who
 * counts: a teacher only while its school's authorization lasts); [] for everyone else.
 */
export async function taughtClassIds(db: Db, user: User, now: Date): Promise<string[]> {
  let staff: Staff;
  try {
    staff = await staffOf(db, user, now);
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'notTeacher') return [];
    throw error;
  }
  const rows =
    staff.kind === 'teacher'
      ? await db
          .select({ id: classes.id })
          .from(classTeachers)
          .innerJoin(classes, eq(classes.id, classTeachers.classId))
          .where(and(eq(classTeachers.teacherId, user.id), eq(classes.ownerId, staff.schoolId)))
      : await db.select({ id: classes.id }).from(classes).where(eq(classes.ownerId, staff.schoolId));
  return rows.map((r) => r.id);
}

async function studentClassIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: classStudents.classId })
    .from(classStudents)
    .where(eq(classStudents.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * Projects of the students of `classIds` (only those shared with the class unless `all`), each once, with the
 * name its author goes by in class, last changed first.
 */
async function projectsOfClasses(
  db: Db,
  classIds: string[],
  options: { all: boolean; exceptOwner?: string },
): Promise<(MakeGalleryItem & { classId: string })[]> {
  if (!classIds.length) return [];
  const rows = await db
    .select({
      id: makeProjects.id,
      name: makeProjects.name,
      authorName: classStudents.displayName,
      updatedAt: makeProjects.updatedAt,
      thumbnail: makeProjects.thumbnail,
      classId: classStudents.classId,
    })
    .from(makeProjects)
    .innerJoin(classStudents, eq(classStudents.userId, makeProjects.ownerId))
    .where(
      and(
        inArray(classStudents.classId, classIds),
        options.all ? undefined : eq(makeProjects.sharedWithClass, true),
        options.exceptOwner ? ne(makeProjects.ownerId, options.exceptOwner) : undefined,
      ),
    )
    .orderBy(desc(makeProjects.updatedAt), desc(makeProjects.id));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

const withoutClass = ({ classId: _, ...item }: MakeGalleryItem & { classId: string }): MakeGalleryItem =>
  item;

/** The class gallery: classmates' projects shared with one of the caller's classes (each project once). */
export async function classGallery(db: Db, userId: string): Promise<MakeGalleryItem[]> {
  const rows = await projectsOfClasses(db, await studentClassIds(db, userId), {
    all: false,
    exceptOwner: userId,
  });
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map(withoutClass);
}

/** The teacher view: per class the caller looks after, every project of its students. */
export async function teachingList(db: Db, user: User, now: Date): Promise<MakeTeachingList> {
  const classIds = await taughtClassIds(db, user, now);
  if (!classIds.length) return { classes: [] };
  const [named, rows] = await Promise.all([
    db
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(inArray(classes.id, classIds))
      .orderBy(asc(classes.createdAt)),
    projectsOfClasses(db, classIds, { all: true }),
  ]);
  return {
    classes: named.map((c) => ({
      classId: c.id,
      className: c.name,
      projects: rows.filter((r) => r.classId === c.id).map(withoutClass),
    })),
  };
}

/**
 * Someone else's project the caller may read: shared with a class they are a student of, or of a student of a
 * class they teach. 404 otherwise (also for the caller's own: that is what /make/projects/:id is for).
 */
export async function readableRow(
  db: Db,
  user: User,
  id: number,
  now: Date,
): Promise<{ row: ProjectRow; author: string }> {
  const [row] = await db
    .select()
    .from(makeProjects)
    .where(and(eq(makeProjects.id, id), ne(makeProjects.ownerId, user.id)));
  if (!row) throw notFound();
  const ownerClasses = await db
    .select({ classId: classStudents.classId, displayName: classStudents.displayName })
    .from(classStudents)
    .where(eq(classStudents.userId, row.ownerId))
    .orderBy(asc(classStudents.createdAt));
  const readerClasses = new Set([
    ...(row.sharedWithClass ? await studentClassIds(db, user.id) : []),
    ...(await taughtClassIds(db, user, now)),
  ]);
  const shared = ownerClasses.find((c) => readerClasses.has(c.classId));
  if (!shared) throw notFound();
  return { row, author: shared.displayName };
}

export async function readReadable(db: Db, user: User, id: number, now: Date): Promise<MakeSharedProject> {
  const { row, author } = await readableRow(db, user, id, now);
  return toShared(row, author);
}

export async function remixReadable(db: Db, user: User, id: number, now: Date): Promise<MakeProjectSummary> {
  const { row } = await readableRow(db, user, id, now);
  return remix(db, user.id, async () => row, now);
}
