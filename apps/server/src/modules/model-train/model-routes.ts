/**
 * Models a user saves from a project (POST /train/projects/:id/models, multipart `model` + fields): a TF.js
 * export as a ZIP (checked by its PK signature) or an ONNX file (decoded). The owner of the project or a
 * student it is shared with may save their own; each user sees their own in the project's `models`.
 */
import { MODEL_TRAIN, saveModelFieldsSchema } from '@ai-edu/contract';
import { trainModels } from '@ai-edu/db';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { open } from 'node:fs/promises';
import { AppError, badRequest } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import { receiveParts, removeFiles } from './files.ts';
import { readOnnxFile } from './onnx-routes.ts';
import { idParams } from './project-routes.ts';
import type { ModelTrainOptions } from './routes.ts';
import { keepUploadedModel, projectFor, toModel } from './service.ts';

/** A ZIP starts with a local file header, `PK\x03\x04`. */
async function isZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  } finally {
    await handle.close();
  }
}

export function jsonField(value: string | undefined, name: string): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
}

export const modelRoutes: FastifyPluginAsync<ModelTrainOptions> = async (app, options) => {
  const { db, filesDir, mediaSecret, quotaBytes, now } = options;

  app.post('/train/projects/:id/models', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const { project } = await projectFor(db, user, id, false);
    const parts = await receiveParts(request, {
      model: {
        maxBytes: MODEL_TRAIN.maxModelBytes,
        tooLarge: () => new AppError('trainModelTooLarge', 413),
        toDiskIn: filesDir,
      },
    });
    const received = parts.onDisk.model;
    if (!received) throw new AppError('noFile', 400);
    const row = await keepUploadedModel({
      db,
      filesDir,
      userId: user.id,
      quotaBytes,
      received,
      prepare: async () => {
        const fields = parseInput(saveModelFieldsSchema, {
          name: parts.fields.name,
          format: parts.fields.format,
          summary: jsonField(parts.fields.summary, 'summary'),
        });
        if (fields.format === 'tfjs') {
          if (!(await isZip(received.partPath))) throw new AppError('trainModelType', 415);
        } else {
          await readOnnxFile(received.partPath);
        }
        return {
          ext: fields.format === 'tfjs' ? 'zip' : 'onnx',
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
      filesDir,
      removed.map((r) => r.key),
    );
    return productOk(request, null);
  });
};
