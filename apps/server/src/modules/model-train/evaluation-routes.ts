/**
 * Evaluation records (spec §7 `evaluation`): POST /evaluation stores the result of evaluating a model on a
 * project's test images (the project readable by the caller; an ONNX or saved model the caller's own);
 * GET /evaluation?projectId= lists the caller's, newest first (50).
 */
import { createEvaluationSchema, type EvaluationMetrics, type EvaluationRecord } from '@ai-edu/contract';
import { onnxModels, trainEvaluations, trainModels } from '@ai-edu/db';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import type { ModelTrainOptions } from './routes.ts';
import { projectFor } from './service.ts';

const LIST_LIMIT = 50;

const listQuery = z.object({
  projectId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The per-class figures must match the class list, the confusion matrix be K × K. */
function checkMetrics(metrics: EvaluationMetrics) {
  const k = metrics.classes.length;
  if (metrics.task === 'cls') {
    if (metrics.perClass.length !== k) throw badRequest('perClass needs one entry per class');
    if (metrics.confusion.length !== k || metrics.confusion.some((row) => row.length !== k)) {
      throw badRequest('confusion must be classes × classes');
    }
  } else if (metrics.perClassAp.length !== k) {
    throw badRequest('perClassAp needs one entry per class');
  }
}

type EvaluationRow = typeof trainEvaluations.$inferSelect;

const toRecord = (row: EvaluationRow): EvaluationRecord => ({
  id: row.id,
  projectId: row.projectId,
  modelName: row.modelName,
  imageCount: row.imageCount,
  metrics: row.metrics as EvaluationMetrics,
  createdAt: row.createdAt.toISOString(),
});

export const evaluationRoutes: FastifyPluginAsync<ModelTrainOptions> = async (app, { db, now }) => {
  app.post('/evaluation', async (request) => {
    const body = parseInput(createEvaluationSchema, request.body);
    const { user } = await requireCaller(db, request, now());
    const { project } = await projectFor(db, user, body.projectId, false);
    checkMetrics(body.metrics);
    let modelName = project.name;
    if (body.model.source === 'onnx') {
      const [model] = await db
        .select({ name: onnxModels.name })
        .from(onnxModels)
        .where(and(eq(onnxModels.id, body.model.id), eq(onnxModels.userId, user.id)));
      if (!model) throw new AppError('notFound', 404, -1, {}, 'no such ONNX model of yours');
      modelName = model.name;
    } else if (body.model.source === 'saved') {
      const [model] = await db
        .select({ name: trainModels.name })
        .from(trainModels)
        .where(and(eq(trainModels.id, body.model.id), eq(trainModels.userId, user.id)));
      if (!model) throw new AppError('notFound', 404, -1, {}, 'no such saved model of yours');
      modelName = model.name;
    }
    const [row] = await db
      .insert(trainEvaluations)
      .values({
        userId: user.id,
        projectId: project.id,
        modelSource: body.model.source,
        modelName,
        imageCount: body.imageCount,
        metrics: body.metrics,
        createdAt: now(),
      })
      .returning();
    return productOk(request, toRecord(row!));
  });

  app.get('/evaluation', async (request) => {
    const { projectId } = parseInput(listQuery, request.query);
    const { user } = await requireCaller(db, request, now());
    const rows = await db
      .select()
      .from(trainEvaluations)
      .where(
        projectId
          ? and(eq(trainEvaluations.userId, user.id), eq(trainEvaluations.projectId, projectId))
          : eq(trainEvaluations.userId, user.id),
      )
      .orderBy(desc(trainEvaluations.createdAt), desc(trainEvaluations.id))
      .limit(LIST_LIMIT);
    return productOk(request, { evaluations: rows.map(toRecord) });
  });
};
