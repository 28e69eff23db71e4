/**
 * ONNX models uploaded to be evaluated (spec §7 `onnx/upload`): POST /onnx/upload (multipart `model` ≤ 50 MB,
 * streamed into the store with the limit, then decoded; a refused one is deleted again), GET /onnx/models, DELETE /onnx/models/:id.
 * Each user keeps at most 20; their bytes count against the training quota.
 */
import { MODEL_TRAIN, onnxUploadFieldsSchema, type OnnxModel } from '@ai-edu/contract';
import { onnxModels } from '@ai-edu/db';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { fileUrl, receiveParts, removeFiles, storageKey } from './files.ts';
import { readOnnxInfo, type OnnxInfo } from './onnx-info.ts';
import { idParams } from './project-routes.ts';
import type { ModelTrainOptions } from './routes.ts';
import { keepUploadedModel } from './service.ts';

/** Decodes a stored file as ONNX (a 4xx when it is not one). */
export async function readOnnxFile(storage: BlobStore, fileKey: string): Promise<OnnxInfo> {
  return readOnnxInfo(await storage.getBuffer(storageKey(fileKey)));
}

type OnnxRow = typeof onnxModels.$inferSelect;

export function toOnnxModel(row: OnnxRow, secret: string, now: Date): OnnxModel {
  return {
    id: row.id,
    name: row.name,
    bytes: row.bytes,
    metadata: row.metadata,
    inputs: row.inputs,
    outputs: row.outputs,
    opsetVersion: row.opsetVersion,
    producer: row.producer,
    url: fileUrl(secret, row.fileKey, now),
    createdAt: row.createdAt.toISOString(),
  };
}

export const onnxRoutes: FastifyPluginAsync<ModelTrainOptions> = async (app, options) => {
  const { db, storage, mediaSecret, quotaBytes, now } = options;

  app.post('/onnx/upload', async (request) => {
    const { user } = await requireCaller(db, request, now());
    const parts = await receiveParts(request, {
      model: {
        maxBytes: MODEL_TRAIN.maxModelBytes,
        tooLarge: () => new AppError('trainModelTooLarge', 413),
        store: { storage, extension: () => 'onnx' },
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
        const { name } = parseInput(onnxUploadFieldsSchema, { name: parts.fields.name });
        const info = await readOnnxFile(storage, received.fileKey);
        return {
          insert: async (tx, key) => {
            const [held] = await tx
              .select({ n: count() })
              .from(onnxModels)
              .where(eq(onnxModels.userId, user.id));
            if ((held?.n ?? 0) >= MODEL_TRAIN.maxOnnxModelsPerUser) throw new AppError('onnxModelLimit', 409);
            const [inserted] = await tx
              .insert(onnxModels)
              .values({
                userId: user.id,
                name,
                bytes: received.size,
                ...info,
                fileKey: key,
                createdAt: now(),
              })
              .returning();
            return inserted!;
          },
        };
      },
    });
    return productOk(request, toOnnxModel(row, mediaSecret, now()));
  });

  app.get('/onnx/models', async (request) => {
    const { user } = await requireCaller(db, request, now());
    const rows = await db
      .select()
      .from(onnxModels)
      .where(eq(onnxModels.userId, user.id))
      .orderBy(desc(onnxModels.createdAt), desc(onnxModels.id));
    return productOk(request, { models: rows.map((r) => toOnnxModel(r, mediaSecret, now())) });
  });

  app.delete('/onnx/models/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user } = await requireCaller(db, request, now());
    const removed = await db
      .delete(onnxModels)
      .where(and(eq(onnxModels.id, id), eq(onnxModels.userId, user.id)))
      .returning({ key: onnxModels.fileKey });
    if (removed.length === 0) throw new AppError('notFound', 404);
    await removeFiles(
      storage,
      removed.map((r) => r.key),
    );
    return productOk(request, null);
  });
};
