/** Course routes (issue 7). Reading needs a session; writing needs the course's owner (vip 2) or an admin. */
import {
  courseInputSchema,
  courseUpdateSchema,
  dropEditedTranslations,
  sessionInputSchema,
  sessionUpdateSchema,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from '@ai-edu/contract';
import { courseFiles, courseProgress, courseSessions, courses, type Db } from '@ai-edu/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { StoredFileMissing, type BlobStore } from '../../lib/storage/index.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { verifySignedLink } from '../../lib/signed-links.ts';
import { requireCaller } from '../../plugins/session.ts';
import {
  courseDetail,
  featuredCourses,
  findCourse,
  listCourses,
  mayCreateCourses,
  mayEdit,
  nextPosition,
  toFile,
  type CourseRow,
} from './service.ts';
import { scheduleCourseFileSweep } from './orphans.ts';
import { courseFileKey, receiveUpload, removeStaleParts } from './uploads.ts';

export interface CourseRoutesOptions {
  db: Db;
  /** DATA_DIR/files: only for sweeping the local disk store's unfinished writes at start-up. */
  filesDir: string;
  /** Where the files are stored (lib/storage). */
  storage: BlobStore;
  mediaSecret: string;
  now: () => Date;
}

const courseParams = z.object({ id: z.uuid() });
const sessionParams = z.object({ id: z.uuid(), sid: z.uuid() });
const fileParams = z.object({ id: z.uuid(), fid: z.uuid() });

export const courseRoutes: FastifyPluginAsync<CourseRoutesOptions> = async (
  app,
  { db, filesDir, storage, mediaSecret, now },
) => {
  async function courseFor(request: FastifyRequest, write: boolean) {
    const { id } = parseInput(courseParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const course = await findCourse(db, id);
    if (!course) throw new AppError('notFound', 404);
    if (write && !mayEdit(user, course, now())) throw forbidden();
    return { user, course };
  }
  async function sessionOf(course: CourseRow, sid: string) {
    const [session] = await db
      .select()
      .from(courseSessions)
      .where(and(eq(courseSessions.id, sid), eq(courseSessions.courseId, course.id)));
    if (!session) throw new AppError('notFound', 404);
    return session;
  }
  const touch = (courseId: string) =>
    db.update(courses).set({ updatedAt: now() }).where(eq(courses.id, courseId));

  // Uploads cut off by a crash leave their temporary file behind: clear old ones at start-up.
  app.addHook('onReady', async () => {
    const removed = await removeStaleParts(filesDir).catch((error: unknown) => {
      app.log.error({ err: error }, 'could not clear unfinished uploads');
      return 0;
    });
    if (removed) app.log.info({ removed, dir: filesDir }, 'removed unfinished uploads left by a crash');
  });
  // A crash between storing an upload and writing its row leaves an object no row names.
  scheduleCourseFileSweep(app, db, storage);

  app.get('/courses', async (request) => {
    const { user } = await requireCaller(db, request, now());
    return productOk(request, await listCourses(db, user, mediaSecret, now()));
  });

  /** Public: the first few courses for the home page's cards (visitors see them before signing in). */
  app.get('/courses/featured', async (request) => {
    return productOk(request, await featuredCourses(db, 3));
  });

  app.post('/courses', async (request) => {
    const input = parseInput(courseInputSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    if (!mayCreateCourses(user, now())) throw forbidden();
    const [course] = await db
      .insert(courses)
      .values({ ...input, ownerId: user.id, createdAt: now(), updatedAt: now() })
      .returning();
    return productOk(request, await courseDetail(db, course!, user, mediaSecret, now()));
  });

  app.get('/courses/:id', async (request) => {
    const { user, course } = await courseFor(request, false);
    return productOk(request, await courseDetail(db, course, user, mediaSecret, now()));
  });

  app.patch('/courses/:id', async (request) => {
    const input = parseInput(courseUpdateSchema, request.body);
    const { user, course } = await courseFor(request, true);
    // Editing a seeded course's text makes it the school's own: the stale other-language copy goes.
    const translations = dropEditedTranslations(course.translations, course, input);
    const [updated] = await db
      .update(courses)
      .set({ ...input, translations, updatedAt: now() })
      .where(eq(courses.id, course.id))
      .returning();
    return productOk(request, await courseDetail(db, updated!, user, mediaSecret, now()));
  });

  app.delete('/courses/:id', async (request) => {
    const { course } = await courseFor(request, true);
    const files = await db
      .select({ id: courseFiles.id })
      .from(courseFiles)
      .where(eq(courseFiles.courseId, course.id));
    await db.delete(courses).where(eq(courses.id, course.id));
    await storage.delete(files.map((f) => courseFileKey(f.id)));
    return productOk(request, null);
  });

  app.post('/courses/:id/sessions', async (request) => {
    const input = parseInput(sessionInputSchema, request.body);
    const { course } = await courseFor(request, true);
    const [session] = await db
      .insert(courseSessions)
      .values({
        ...input,
        courseId: course.id,
        position: await nextPosition(db, course.id),
        createdAt: now(),
      })
      .returning();
    await touch(course.id);
    return productOk(request, session);
  });

  app.patch('/courses/:id/sessions/:sid', async (request) => {
    const { sid } = parseInput(sessionParams, request.params);
    const input = parseInput(sessionUpdateSchema, request.body);
    const { course } = await courseFor(request, true);
    const before = await sessionOf(course, sid);
    const translations = dropEditedTranslations(before.translations, before, input);
    const [session] = await db
      .update(courseSessions)
      .set({ ...input, translations, updatedAt: now() })
      .where(eq(courseSessions.id, sid))
      .returning();
    await touch(course.id);
    return productOk(request, session);
  });

  app.delete('/courses/:id/sessions/:sid', async (request) => {
    const { sid } = parseInput(sessionParams, request.params);
    const { course } = await courseFor(request, true);
    await sessionOf(course, sid);
    const files = await db
      .select({ id: courseFiles.id })
      .from(courseFiles)
      .where(eq(courseFiles.sessionId, sid));
    await db.delete(courseSessions).where(eq(courseSessions.id, sid));
    await storage.delete(files.map((f) => courseFileKey(f.id)));
    await touch(course.id);
    return productOk(request, null);
  });

  /** Reorders all sessions at once: the body lists every session id in the new order. */
  app.put('/courses/:id/sessions/order', async (request) => {
    const { ids } = parseInput(z.object({ ids: z.array(z.uuid()).min(1).max(500) }), request.body);
    const { course } = await courseFor(request, true);
    const existing = await db
      .select({ id: courseSessions.id })
      .from(courseSessions)
      .where(eq(courseSessions.courseId, course.id));
    const known = new Set(existing.map((s) => s.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw badRequest('the order must list every session of the course exactly once');
    }
    await db.transaction(async (tx) => {
      for (const [index, id] of ids.entries()) {
        await tx
          .update(courseSessions)
          .set({ position: index + 1 })
          .where(eq(courseSessions.id, id));
      }
    });
    await touch(course.id);
    return productOk(request, null);
  });

  app.post('/courses/:id/sessions/:sid/complete', async (request) => {
    const { sid } = parseInput(sessionParams, request.params);
    const { user, course } = await courseFor(request, false);
    await sessionOf(course, sid);
    await db
      .insert(courseProgress)
      .values({ userId: user.id, sessionId: sid, courseId: course.id, completedAt: now() })
      .onConflictDoNothing();
    return productOk(request, null);
  });

  /** Multipart: optional fields `purpose` (cover | image | attachment) and `sessionId`, then the file. */
  app.post('/courses/:id/files', async (request) => {
    const { user, course } = await courseFor(request, true);
    const upload = await receiveUpload(request, storage, (fields) =>
      (UPLOAD_PURPOSES as readonly string[]).includes(fields.purpose ?? '')
        ? (fields.purpose as UploadPurpose)
        : 'attachment',
    );
    try {
      const sessionId = upload.fields.sessionId || null;
      if (sessionId) {
        const parsed = z.uuid().safeParse(sessionId);
        if (!parsed.success) throw badRequest('sessionId is not a session of this course');
        const [session] = await db
          .select({ id: courseSessions.id })
          .from(courseSessions)
          .where(and(eq(courseSessions.id, sessionId), eq(courseSessions.courseId, course.id)));
        if (!session) throw badRequest('sessionId is not a session of this course');
      }
      const [row] = await db
        .insert(courseFiles)
        .values({
          id: upload.id,
          courseId: course.id,
          sessionId,
          filename: upload.filename,
          kind: upload.kind,
          mime: upload.mime,
          size: upload.size,
          uploadedBy: user.id,
          createdAt: now(),
        })
        .returning();
      if (upload.fields.purpose === 'cover') {
        await db
          .update(courses)
          .set({ coverFileId: upload.id, updatedAt: now() })
          .where(eq(courses.id, course.id));
      }
      return productOk(request, toFile(row!, mediaSecret, now()));
    } catch (error) {
      // The database refused the file (or its session): the bytes go too.
      await storage.delete([upload.key]);
      throw error;
    }
  });

  app.delete('/courses/:id/files/:fid', async (request) => {
    const { fid } = parseInput(fileParams, request.params);
    const { course } = await courseFor(request, true);
    const removed = await db
      .delete(courseFiles)
      .where(and(eq(courseFiles.id, fid), eq(courseFiles.courseId, course.id)))
      .returning({ id: courseFiles.id });
    if (removed.length === 0) throw new AppError('notFound', 404);
    if (course.coverFileId === fid)
      await db.update(courses).set({ coverFileId: null }).where(eq(courses.id, course.id));
    await storage.delete([courseFileKey(fid)]);
    return productOk(request, null);
  });

  app.get('/files/:id', async (request, reply) => {
    try {
      return await sendCourseFile(request, reply);
    } catch (error) {
      // Someone who follows a stale link (a deleted file, an expired or mistyped link) in the browser lands on
      // a page that says so, with the way back; players, images and scripts keep the JSON answer.
      if (isBrowserNavigation(request) && isMissingFile(error)) return reply.redirect(MISSING_FILE_PAGE, 303);
      throw error;
    }
  });

  async function sendCourseFile(request: FastifyRequest, reply: FastifyReply) {
    const { id } = parseInput(courseParams, request.params);
    const query = parseInput(
      z.object({ exp: z.coerce.number().int(), sig: z.string().max(100), download: z.string().optional() }),
      request.query,
    );
    if (!verifySignedLink(mediaSecret, 'course-file', id, query.exp, query.sig, now())) throw forbidden();
    const [file] = await db.select().from(courseFiles).where(eq(courseFiles.id, id));
    if (!file) throw new AppError('notFound', 404);
    return sendFileWithRanges(request, reply, storage, courseFileKey(file.id), file, Boolean(query.download));
  }
};

/** The course list's "this file does not exist" page (apps/web/src/features/courses/course-list.tsx). */
export const MISSING_FILE_PAGE = '/course?missing=file';

function isBrowserNavigation(request: FastifyRequest): boolean {
  return (
    request.headers['sec-fetch-mode'] === 'navigate' || (request.headers.accept ?? '').includes('text/html')
  );
}

function isMissingFile(error: unknown): boolean {
  return (
    error instanceof z.ZodError || (error instanceof AppError && [400, 403, 404].includes(error.httpStatus))
  );
}

/** Streams a stored file, honouring a single `Range: bytes=a-b` so videos can seek. */
async function sendFileWithRanges(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: BlobStore,
  key: string,
  file: { mime: string; filename: string },
  download: boolean,
) {
  const stored = await storage.stat(key);
  if (!stored) throw new AppError('notFound', 404);
  const { size } = stored;
  const fileHeaders = () =>
    reply
      .header('content-type', file.mime)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=3600')
      .header(
        'content-disposition',
        `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      );
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  let part: { start: number; end: number } | undefined;
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      return fileHeaders().status(416).header('content-range', `bytes */${size}`).send();
    }
    part = { start, end };
  }
  // Opened before any header is set, so a file removed meanwhile is still the JSON 404.
  const body = await storage.get(key, part).catch((error: unknown) => {
    throw error instanceof StoredFileMissing ? new AppError('notFound', 404) : error;
  });
  void fileHeaders();
  if (part) {
    void reply
      .status(206)
      .header('content-range', `bytes ${part.start}-${part.end}/${size}`)
      .header('content-length', part.end - part.start + 1);
  } else {
    void reply.header('content-length', size);
  }
  return reply.send(body);
}
