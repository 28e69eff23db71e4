/**
 * The review of one class's AI use (issue 16): its students' records, newest first, filtered, paged or
 * exported; flagging a record and hiding its painting. Only records of students still in the class are
 * shown: a student moved away takes their records out of this class's review.
 */
import type { AiUseRecord, ReviewedLab, reviewQuerySchema } from '@ai-edu/contract';
import { aiImages, aiUseRecords, classStudents, users, type Db } from '@ai-edu/db';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { reviewImageUrl } from './images.ts';

export type ReviewFilters = Omit<z.output<typeof reviewQuerySchema>, 'page' | 'pageSize'>;

const DAY_MS = 86_400_000;

/** Midnight of a China-time (UTC+8) day given as YYYY-MM-DD. */
export const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** `%` and `_` are LIKE wildcards and `\` its escape: searched for as themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function conditions(classId: string, filters: ReviewFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(aiUseRecords.classId, classId)];
  if (filters.student) where.push(eq(aiUseRecords.userId, filters.student));
  if (filters.lab) where.push(eq(aiUseRecords.lab, filters.lab));
  if (filters.from) where.push(gte(aiUseRecords.createdAt, chinaDayStart(filters.from)));
  if (filters.to)
    where.push(lt(aiUseRecords.createdAt, new Date(chinaDayStart(filters.to).getTime() + DAY_MS)));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    where.push(or(ilike(aiUseRecords.prompt, pattern), ilike(aiUseRecords.answer, pattern)));
  }
  if (filters.status) where.push(eq(aiUseRecords.status, filters.status));
  if (filters.flagged === 'true') where.push(isNotNull(aiUseRecords.flaggedAt));
  if (filters.flagged === 'false') where.push(isNull(aiUseRecords.flaggedAt));
  return and(...where);
}

/** Records joined with the student's name in this class (inner: only students still in it). */
function recordsOf(db: Db) {
  return db
    .select({
      record: aiUseRecords,
      displayName: classStudents.displayName,
      account: users.account,
      hiddenAt: aiImages.hiddenAt,
    })
    .from(aiUseRecords)
    .innerJoin(
      classStudents,
      and(eq(classStudents.classId, aiUseRecords.classId), eq(classStudents.userId, aiUseRecords.userId)),
    )
    .innerJoin(users, eq(users.id, aiUseRecords.userId))
    .leftJoin(aiImages, eq(aiImages.id, aiUseRecords.imageId));
}

type Row = Awaited<ReturnType<ReturnType<typeof recordsOf>['where']>>[number];

function toRecord(row: Row, mediaSecret: string, now: Date): AiUseRecord {
  const { record } = row;
  return {
    id: record.id,
    userId: record.userId,
    displayName: row.displayName,
    account: row.account,
    lab: record.lab as ReviewedLab,
    prompt: record.prompt,
    answer: record.answer,
    imageUrl: record.imageId ? reviewImageUrl(mediaSecret, record.imageId, now) : null,
    imageHidden: Boolean(row.hiddenAt),
    credits: record.credits,
    status: record.status as AiUseRecord['status'],
    blockedWord: record.blockedWord,
    flagged: record.flaggedAt !== null,
    createdAt: record.createdAt.toISOString(),
  };
}

export interface ReviewContext {
  db: Db;
  mediaSecret: string;
  now: Date;
}

export async function reviewPage(
  { db, mediaSecret, now }: ReviewContext,
  classId: string,
  filters: ReviewFilters,
  paging: { page: number; pageSize: number },
) {
  const where = conditions(classId, filters);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(aiUseRecords)
    .innerJoin(
      classStudents,
      and(eq(classStudents.classId, aiUseRecords.classId), eq(classStudents.userId, aiUseRecords.userId)),
    )
    .where(where);
  const rows = await recordsOf(db)
    .where(where)
    .orderBy(desc(aiUseRecords.createdAt), desc(aiUseRecords.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return {
    total: Number(total),
    page: paging.page,
    pageSize: paging.pageSize,
    items: rows.map((row) => toRecord(row, mediaSecret, now)),
  };
}

/** At most `limit` records, newest first, for the CSV export. */
export async function reviewRows(
  { db, mediaSecret, now }: ReviewContext,
  classId: string,
  filters: ReviewFilters,
  limit: number,
): Promise<AiUseRecord[]> {
  const rows = await recordsOf(db)
    .where(conditions(classId, filters))
    .orderBy(desc(aiUseRecords.createdAt), desc(aiUseRecords.id))
    .limit(limit);
  return rows.map((row) => toRecord(row, mediaSecret, now));
}

/** One record of this class's review, or 404 (another class's, or a student no longer in it). */
async function visibleRecord(db: Db, classId: string, recordId: number) {
  const [row] = await recordsOf(db).where(
    and(eq(aiUseRecords.id, recordId), eq(aiUseRecords.classId, classId)),
  );
  if (!row) throw new AppError('notFound', 404);
  return row;
}

export async function flagRecord(
  context: ReviewContext,
  classId: string,
  recordId: number,
  flag: { flagged: boolean; by: string },
): Promise<AiUseRecord> {
  const { db, now } = context;
  await visibleRecord(db, classId, recordId);
  await db
    .update(aiUseRecords)
    .set(flag.flagged ? { flaggedAt: now, flaggedBy: flag.by } : { flaggedAt: null, flaggedBy: null })
    .where(eq(aiUseRecords.id, recordId));
  return toRecord(await visibleRecord(db, classId, recordId), context.mediaSecret, now);
}

/** Hides (or shows again) the record's painting: 404 when the record has none. */
export async function hideRecordImage(
  context: ReviewContext,
  classId: string,
  recordId: number,
  hidden: boolean,
): Promise<AiUseRecord> {
  const { db, now } = context;
  const { record } = await visibleRecord(db, classId, recordId);
  if (!record.imageId) throw new AppError('notFound', 404);
  await db
    .update(aiImages)
    .set({ hiddenAt: hidden ? now : null })
    .where(eq(aiImages.id, record.imageId));
  return toRecord(await visibleRecord(db, classId, recordId), context.mediaSecret, now);
}
