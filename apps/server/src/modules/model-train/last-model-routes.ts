/**
 * The last model each user trained on a project (issue 25): the training page keeps it in the browser's
 * IndexedDB, which another device, another browser or cleared storage does not have. So the page also puts
 * it here (PUT, replacing the previous one) and reads it back (GET) when its own copy is missing or older.
 * Anyone who may read the project (its owner, a student it is shared with) keeps their own. The file is a
 * ZIP the page writes and reads; the server checks only its signature, its size and the quota.
 */
import { MODEL_TRAIN, saveLastModelFieldsSchema, type LastTrainedModel } from '@ai-edu/contract';
import { trainLastModels } from '@ai-edu/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import { fileUrl, receiveParts, removeUnreferenced } from './files.ts';
import { isZip } from './model-routes.ts';
import { idParams } from './project-routes.ts';
import type { ModelTrainOptions } from './routes.ts';
import { keepUploadedModel, projectFor } from './service.ts';

export const lastModelRoutes: FastifyPluginAsync<ModelTrainOptions> = async (app, options) => {
  const { db, storage, mediaSecret, quotaBytes, now } = options;

  const lastModelOf = async (projectId: number, userId: string) => {
    const [row] = await db
      .select()
      .from(trainLastModels)
      .where(and(eq(trainLastModels.projectId, projectId), eq(trainLastModels.userId, userId)));
    return row;
  };

  app.get('/train/projects/:id/last-model', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const { project } = await projectFor(db, user, id, false);
    const row = await lastModelOf(project.id, user.id);
    const body: LastTrainedModel | null = row
      ? {
          bytes: row.bytes,
          savedAt: row.savedAt.toISOString(),
          url: fileUrl(mediaSecret, row.fileKey, now()),
        }
      : null;
    return productOk(request, body);
  });

  app.put('/train/projects/:id/last-model', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const { project } = await projectFor(db, user, id, false);
    let zipped = false;
    const parts = await receiveParts(request, {
      model: {
        maxBytes: MODEL_TRAIN.maxModelBytes,
        tooLarge: () => new AppError('trainModelTooLarge', 413),
        store: {
          storage,
          extension: (head) => {
            zipped = isZip(head);
            return 'zip';
          },
        },
      },
    });
    const received = parts.stored.model;
    if (!received) throw new AppError('noFile', 400);
    const previous = await lastModelOf(project.id, user.id);
    let replaced: string | undefined;
    const row = await keepUploadedModel({
      db,
      storage,
      userId: user.id,
      // The copy it replaces is not counted twice.
      quotaBytes: quotaBytes + (previous?.bytes ?? 0),
      received,
      prepare: async () => {
        const { savedAt } = parseInput(saveLastModelFieldsSchema, { savedAt: parts.fields.savedAt });
        if (!zipped) throw new AppError('trainModelType', 415);
        const values = { bytes: received.size, fileKey: received.fileKey, savedAt: new Date(savedAt) };
        return {
          insert: async (tx) => {
            // Read again under a row lock: of two uploads at once, each removes what it really replaced.
            const [replacing] = await tx
              .select({ fileKey: trainLastModels.fileKey })
              .from(trainLastModels)
              .where(and(eq(trainLastModels.projectId, project.id), eq(trainLastModels.userId, user.id)))
              .for('update');
            replaced = replacing?.fileKey;
            const [kept] = await tx
              .insert(trainLastModels)
              .values({ projectId: project.id, userId: user.id, ...values })
              .onConflictDoUpdate({
                target: [trainLastModels.projectId, trainLastModels.userId],
                set: values,
              })
              .returning();
            return kept!;
          },
        };
      },
    });
    if (replaced && replaced !== row.fileKey) await removeUnreferenced(db, storage, [replaced]);
    const body: LastTrainedModel = {
      bytes: row.bytes,
      savedAt: row.savedAt.toISOString(),
      url: fileUrl(mediaSecret, row.fileKey, now()),
    };
    return productOk(request, body);
  });
};
