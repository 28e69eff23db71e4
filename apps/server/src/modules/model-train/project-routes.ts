/**
 * Training projects: list (own and shared with the caller's class), create, read, change, delete (with its
 * images, models and files), duplicate (a new own project whose images share the original's files; their
 * bytes count again against the duplicator's quota), share with a class (school accounts), and the quota.
 */
import {
  MODEL_TRAIN,
  createTrainProjectSchema,
  duplicateTrainProjectSchema,
  shareTrainProjectSchema,
  updateTrainProjectSchema,
  type TrainQuota,
} from '@ai-edu/contract';
import { classes, trainImages, trainProjects } from '@ai-edu/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import { effectiveVip, type User } from '../users/accounts.ts';
import { removeUnreferenced } from './files.ts';
import type { ModelTrainOptions } from './routes.ts';
import {
  classesInUse,
  listProjects,
  newProjectValues,
  projectCount,
  projectFileKeys,
  projectFor,
  reserveQuota,
  toProjects,
  usedBytes,
  type ProjectAccess,
} from './service.ts';

export const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Rows copied per insert when duplicating (a project holds up to 2,000 images). */
const COPY_BATCH = 500;

export const projectRoutes: FastifyPluginAsync<ModelTrainOptions> = async (app, options) => {
  const { db, storage, mediaSecret, quotaBytes, now } = options;

  async function caller(request: FastifyRequest): Promise<User> {
    return (await requireCaller(db, request, now())).user;
  }

  async function answer(request: FastifyRequest, access: ProjectAccess, user: User) {
    const [project] = await toProjects(db, [access], user, mediaSecret, now());
    return productOk(request, project);
  }

  async function refusedAtLimit(userId: string) {
    if ((await projectCount(db, userId)) >= MODEL_TRAIN.maxProjectsPerUser) {
      throw new AppError('trainProjectLimit', 409);
    }
  }

  app.get('/train/projects', async (request) => {
    const user = await caller(request);
    const { own, shared } = await listProjects(db, user);
    const all = await toProjects(db, [...own, ...shared], user, mediaSecret, now());
    return productOk(request, { projects: all.slice(0, own.length), shared: all.slice(own.length) });
  });

  app.post('/train/projects', async (request) => {
    const body = parseInput(createTrainProjectSchema, request.body);
    const user = await caller(request);
    await refusedAtLimit(user.id);
    const [project] = await db
      .insert(trainProjects)
      .values(newProjectValues(user, body.name, body.kind, body.classes ?? [], now()))
      .returning();
    return answer(request, { project: project!, readOnly: false }, user);
  });

  app.get('/train/projects/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = await caller(request);
    return answer(request, await projectFor(db, user, id, false), user);
  });

  app.patch('/train/projects/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(updateTrainProjectSchema, request.body);
    const user = await caller(request);
    const { project } = await projectFor(db, user, id, true);
    if (body.classes) {
      const removed = project.classes.filter((c) => !body.classes!.includes(c));
      const used = await classesInUse(db, project.id, removed);
      if (used.length) throw new AppError('trainClassInUse', 409, -1, {}, used.join(', '));
    }
    const [updated] = await db
      .update(trainProjects)
      .set({ ...body, updatedAt: now() })
      .where(eq(trainProjects.id, project.id))
      .returning();
    return answer(request, { project: updated!, readOnly: false }, user);
  });

  app.delete('/train/projects/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = await caller(request);
    const { project } = await projectFor(db, user, id, true);
    const keys = await db.transaction(async (tx) => {
      await tx
        .select({ id: trainProjects.id })
        .from(trainProjects)
        .where(eq(trainProjects.id, project.id))
        .for('update');
      const names = await projectFileKeys(tx, project.id);
      await tx.delete(trainProjects).where(eq(trainProjects.id, project.id));
      return names;
    });
    await removeUnreferenced(db, storage, keys);
    return productOk(request, null);
  });

  app.post('/train/projects/:id/duplicate', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(duplicateTrainProjectSchema, request.body);
    const user = await caller(request);
    const { project: source } = await projectFor(db, user, id, false);
    await refusedAtLimit(user.id);
    const name = body.name ?? `${source.name.slice(0, MODEL_TRAIN.projectNameMax - 7)} (copy)`;
    const copy = await db.transaction(async (tx) => {
      // Locking the source keeps its images from going (and their files with them) while they are copied.
      await tx
        .select({ id: trainProjects.id })
        .from(trainProjects)
        .where(eq(trainProjects.id, source.id))
        .for('update');
      const images = await tx.select().from(trainImages).where(eq(trainImages.projectId, source.id));
      const bytes = images.reduce((sum, i) => sum + i.bytes + i.thumbBytes, 0);
      await reserveQuota(tx, user.id, bytes, quotaBytes);
      const [created] = await tx
        .insert(trainProjects)
        .values({
          ...newProjectValues(user, name, source.kind as 'cls' | 'det', source.classes, now()),
          settings: source.settings,
          splitSeed: source.splitSeed,
          lastRun: source.lastRun,
        })
        .returning();
      const rows = images.map(({ id: _id, projectId: _p, ownerId: _o, createdAt: _c, ...rest }) => ({
        ...rest,
        projectId: created!.id,
        ownerId: user.id,
        createdAt: now(),
      }));
      for (let i = 0; i < rows.length; i += COPY_BATCH) {
        await tx.insert(trainImages).values(rows.slice(i, i + COPY_BATCH));
      }
      return created!;
    });
    return answer(request, { project: copy, readOnly: false }, user);
  });

  app.put('/train/projects/:id/share', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(shareTrainProjectSchema, request.body);
    const user = await caller(request);
    const { project } = await projectFor(db, user, id, true);
    if (effectiveVip(user, now()) !== 2) throw new AppError('notTeacher', 403);
    if (body.classId) {
      const [klass] = await db
        .select({ ownerId: classes.ownerId })
        .from(classes)
        .where(eq(classes.id, body.classId));
      if (klass?.ownerId !== user.id) throw new AppError('trainShareClass', 403);
    }
    const [updated] = await db
      .update(trainProjects)
      .set({ sharedClassId: body.classId, updatedAt: now() })
      .where(eq(trainProjects.id, project.id))
      .returning();
    return answer(request, { project: updated!, readOnly: false }, user);
  });

  app.get('/train/quota', async (request) => {
    const user = await caller(request);
    const quota: TrainQuota = { usedBytes: await usedBytes(db, user.id), limitBytes: quotaBytes };
    return productOk(request, quota);
  });
};
