/**
 * The review of students' AI use (issue 16): a class's records for its school and its teachers (list, CSV,
 * flag, hide a painting), the review's painting links, the school's word list and retention, and the
 * retention sweep. The records themselves are written by the AI routes (record.ts).
 */
import {
  COCKPIT_LIMITS,
  flagInputSchema,
  hideInputSchema,
  reviewQuerySchema,
  schoolSettingsSchema,
  type SchoolSettings,
} from '@ai-edu/contract';
import { schoolSettings, type Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { languageOf, parseInput, productOk } from '../../lib/http.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { requireCaller } from '../../plugins/session.ts';
import { classForStaff, requireSchool, staffOf } from '../classes/access.ts';
import { chinaTime, csvDisposition, reviewCsv } from './csv.ts';
import { paintingForReview, verifyReviewImageLink } from './images.ts';
import { scheduleRetentionSweep } from './retention.ts';
import { flagRecord, hideRecordImage, reviewPage, reviewRows } from './review.ts';
import { schoolSettingsOf } from './settings.ts';

const classParams = z.object({ id: z.uuid() });
const recordParams = z.object({
  id: z.uuid(),
  recordId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
const imageParams = z.object({ id: z.uuid() });
const linkQuery = z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) });

function reviewQuery(request: FastifyRequest) {
  const { page, pageSize, ...filters } = parseInput(reviewQuerySchema, request.query);
  return { filters, paging: { page, pageSize } };
}

export const reviewRoutes: FastifyPluginAsync<{
  db: Db;
  mediaSecret: string;
  /** Where paintings are stored (lib/storage). */
  storage: BlobStore;
  now: () => Date;
}> = async (app, { db, mediaSecret, storage, now }) => {
  const context = () => ({ db, mediaSecret, now: now() });

  /** The caller as staff of the class in the path (school, or one of the class's teachers). */
  async function staffClass(request: FastifyRequest, classId: string) {
    const { user } = await requireCaller(db, request, now());
    const staff = await staffOf(db, user, now());
    const klass = await classForStaff(db, staff, classId);
    return { staff, klass };
  }

  app.get('/classes/:id/ai-use', async (request) => {
    const { id } = parseInput(classParams, request.params);
    const { filters, paging } = reviewQuery(request);
    const { klass } = await staffClass(request, id);
    return productOk(request, await reviewPage(context(), klass.id, filters, paging));
  });

  app.get('/classes/:id/ai-use.csv', async (request, reply) => {
    const { id } = parseInput(classParams, request.params);
    const { filters } = reviewQuery(request);
    const { klass } = await staffClass(request, id);
    const records = await reviewRows(context(), klass.id, filters, COCKPIT_LIMITS.reviewCsvMax);
    const day = chinaTime(now().toISOString()).slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', csvDisposition(klass.name, day))
      .header('cache-control', 'no-store')
      .send(reviewCsv(records, languageOf(request)));
  });

  app.post('/classes/:id/ai-use/:recordId/flag', async (request) => {
    const { id, recordId } = parseInput(recordParams, request.params);
    const { flagged } = parseInput(flagInputSchema, request.body);
    const { staff, klass } = await staffClass(request, id);
    return productOk(
      request,
      await flagRecord(context(), klass.id, recordId, { flagged, by: staff.user.id }),
    );
  });

  app.post('/classes/:id/ai-use/:recordId/hide', async (request) => {
    const { id, recordId } = parseInput(recordParams, request.params);
    const { hidden } = parseInput(hideInputSchema, request.body);
    const { klass } = await staffClass(request, id);
    return productOk(request, await hideRecordImage(context(), klass.id, recordId, hidden));
  });

  // No session here: an <img> sends none. The signed link is what lets staff see the painting.
  app.get('/review-images/:id', async (request, reply) => {
    const { id } = parseInput(imageParams, request.params);
    const { exp, sig } = parseInput(linkQuery, request.query);
    if (!verifyReviewImageLink(mediaSecret, id, exp, sig, now())) throw new AppError('forbidden', 403);
    const image = await paintingForReview(db, storage, id);
    if (!image) throw new AppError('notFound', 404);
    return reply
      .header('content-type', image.mime)
      .header('cache-control', 'private, max-age=3600')
      .send(image.data);
  });

  app.get('/school/settings', async (request) => {
    const { user } = await requireCaller(db, request, now());
    const staff = await staffOf(db, user, now());
    return productOk(request, await schoolSettingsOf(db, staff.schoolId));
  });

  app.put('/school/settings', async (request) => {
    const { user } = await requireCaller(db, request, now());
    const staff = await staffOf(db, user, now());
    requireSchool(staff);
    const input = parseInput(schoolSettingsSchema, request.body);
    const saved: SchoolSettings = { blockedWords: input.blockedWords, retentionDays: input.retentionDays };
    await db
      .insert(schoolSettings)
      .values({ schoolId: staff.schoolId, ...saved, updatedAt: now() })
      .onConflictDoUpdate({ target: schoolSettings.schoolId, set: { ...saved, updatedAt: now() } });
    return productOk(request, saved);
  });

  scheduleRetentionSweep(app, db, now);
};
