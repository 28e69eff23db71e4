/**
 * Models a user saves from a project (POST /train/projects/:id/models, multipart `model` + fields): a TF.js
 * export as a ZIP (checked by its PK signature) or an ONNX file (decoded). The owner of the project or a
 * student it is shared with may save their own; each user sees their own in the project's `models`.
 */
import { MODEL_TRAIN, saveModelFieldsSchema } from '@ai-edu/contract';
import { trainModels } from '@ai-edu/db';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import { receiveParts, removeFiles, type FileExtension } from './files.ts';
import { readOnnxFile } from './onnx-routes.ts';
import { idParams } from './project-routes.ts';
import type { ModelTrainOptions } from './routes.ts';
import { keepUploadedModel, projectFor, toModel } from './service.ts';

/** A ZIP starts with a local file header, `PK\x03\x04`. */
export const isZip = (head: Buffer) =>
  head.length >= 4 && head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

export function jsonField(value: string | undefined, name: string): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
}

export const modelRoutes: FastifyPluginAsync<ModelTrainOptions> = async (app, options) => {
  const { db, storage, mediaSecret, quotaBytes, now } = options;

  app.post('/train/projects/:id/models', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const { project } = await projectFor(db, user, id, false);
    const parts = await receiveParts(request, {
      model: {
        maxBytes: MODEL_TRAIN.maxModelBytes,
        tooLarge: () => new AppError('trainModelTooLarge', 413),
        // Stored as .zip or .onnx by its bytes; the format field, read later, must agree.
        store: { storage, extension: (head): FileExtension => (isZip(head) ? 'zip' : 'onnx') },
      },
    });
    const received = parts.stored.model;
    if (!received) throw new AppError('noFile', 400);
    const row = await keepUploadedModel({
      db,
      storage,
      userId: user.id,
      quotaBytes,
      received,
      prepare: async () => {
        const fields = parseInput(saveModelFieldsSchema, {
          name: parts.fields.name,
          format: parts.fields.format,
          summary: jsonField(parts.fields.summary, 'summary'),
        });
        const zipped = received.fileKey.endsWith('.zip');
        if (fields.format === 'tfjs') {
          if (!zipped) throw new AppError('trainModelType', 415);
        } else {
          await readOnnxFile(storage, received.fileKey);
          if (zipped) throw new AppError('notOnnx', 415);
        }
        return {
          insert: async (tx, key) => {
            const [held] = await tx
              .select({ n: count() })
              .from(trainModels)
              .where(and(eq(trainModels.projectId, project.id), eq(trainModels.userId, user.id)));
            if ((held?.n ?? 0) >= MODEL_TRAIN.maxModelsPerProject) throw new AppError('trainModelLimit', 409);
            const [inserted] = await tx
              .insert(trainModels)
              .values({
                projectId: project.id,
                userId: user.id,
                name: fields.name,
                format: fields.format,
                bytes: received.size,
                summary: fields.summary ?? null,
                fileKey: key,
                createdAt: now(),
              })
              .returning();
            return inserted!;
          },
        };
      },
    });
    return productOk(request, toModel(row, mediaSecret, now()));
  });

  app.delete('/train/models/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const removed = await db
      .delete(trainModels)
      .where(and(eq(trainModels.id, id), eq(trainModels.userId, user.id)))
      .returning({ key: trainModels.fileKey });
    if (removed.length === 0) throw new AppError('notFound', 404);
    await removeFiles(
      storage,
      removed.map((r) => r.key),
    );
    return productOk(request, null);
  });
};
