/**
 * The model-training calls as plain functions; the hooks in hooks.ts wrap them in TanStack Query. JSON calls go
 * through `call` (lib/product-call.ts): a refusal toasts the server's own message (a name already used, the
 * quota…), not only the HTTP status, and throws `RequestError`.
 */
import { z } from 'zod';
import {
  evaluationRecordSchema,
  lastTrainedModelSchema,
  onnxModelSchema,
  savedModelSchema,
  trainImageSchema,
  trainProjectSchema,
  trainQuotaSchema,
  type createEvaluationSchema,
  type createTrainProjectSchema,
  type ModelFormat,
  type TrainRunSummary,
  type updateTrainImageSchema,
  type updateTrainImagesSchema,
  type updateTrainProjectSchema,
} from '@ai-edu/contract';
import type { ApiRequestOptions } from '../../../lib/api-client.ts';
import { call } from '../../../lib/product-call.ts';
import { postMultipart, type MultipartContext } from './multipart.ts';
import { TRAIN_PATHS } from './paths.ts';

export const projectListSchema = z.object({
  projects: z.array(trainProjectSchema),
  shared: z.array(trainProjectSchema),
});
export type ProjectList = z.infer<typeof projectListSchema>;
export const imageListSchema = z.object({ images: z.array(trainImageSchema) });
export const onnxListSchema = z.object({ models: z.array(onnxModelSchema) });
export const evaluationListSchema = z.object({ evaluations: z.array(evaluationRecordSchema) });
/** Replies whose body the page does not need (it reloads the lists). */
const anyData = z.unknown();

export type CreateProjectBody = z.input<typeof createTrainProjectSchema>;
export type UpdateProjectBody = z.input<typeof updateTrainProjectSchema>;
export type ImageUpdate = z.input<typeof updateTrainImagesSchema>['updates'][number];
export type ImagePatch = z.input<typeof updateTrainImageSchema>;
export type CreateEvaluationBody = z.input<typeof createEvaluationSchema>;

const GET = { method: 'GET' } as const;

/** `call`, then the data checked against the schema (a reply of another shape is a bug, not user input). */
async function callApi<T extends z.ZodType>(
  path: string,
  options: ApiRequestOptions & { silent?: boolean },
  schema: T,
): Promise<z.infer<T>> {
  return schema.parse(await call<unknown>(path, options));
}

export const trainRequests = {
  listProjects: (signal?: AbortSignal) =>
    callApi(TRAIN_PATHS.projects, { ...GET, signal }, projectListSchema),
  getProject: (id: number, signal?: AbortSignal) =>
    callApi(TRAIN_PATHS.project(id), { ...GET, signal }, trainProjectSchema),
  listImages: (projectId: number, signal?: AbortSignal) =>
    callApi(TRAIN_PATHS.images(projectId), { ...GET, signal }, imageListSchema),
  createProject: (body: CreateProjectBody) =>
    callApi(TRAIN_PATHS.projects, { method: 'POST', json: body }, trainProjectSchema),
  updateProject: (id: number, body: UpdateProjectBody) =>
    callApi(TRAIN_PATHS.project(id), { method: 'PATCH', json: body }, trainProjectSchema),
  deleteProject: (id: number) => callApi(TRAIN_PATHS.project(id), { method: 'DELETE' }, anyData),
  duplicateProject: (id: number, name?: string) =>
    callApi(TRAIN_PATHS.duplicate(id), { method: 'POST', json: name ? { name } : {} }, trainProjectSchema),
  shareProject: (id: number, classId: string | null) =>
    callApi(TRAIN_PATHS.share(id), { method: 'PUT', json: { classId } }, anyData),
  updateImage: (id: number, patch: ImagePatch) =>
    callApi(TRAIN_PATHS.image(id), { method: 'PATCH', json: patch }, trainImageSchema),
  updateImages: (projectId: number, updates: ImageUpdate[]) =>
    callApi(TRAIN_PATHS.updateImages(projectId), { method: 'POST', json: { updates } }, anyData),
  deleteImages: (projectId: number, ids: number[]) =>
    callApi(TRAIN_PATHS.deleteImages(projectId), { method: 'POST', json: { ids } }, anyData),
  deleteModel: (id: number) => callApi(TRAIN_PATHS.model(id), { method: 'DELETE' }, anyData),
  quota: (signal?: AbortSignal) => callApi(TRAIN_PATHS.quota, { ...GET, signal }, trainQuotaSchema),
  listOnnx: (signal?: AbortSignal) => callApi(TRAIN_PATHS.onnxModels, { ...GET, signal }, onnxListSchema),
  deleteOnnx: (id: number) => callApi(TRAIN_PATHS.onnxModel(id), { method: 'DELETE' }, anyData),
  createEvaluation: (body: CreateEvaluationBody) =>
    callApi(TRAIN_PATHS.evaluation, { method: 'POST', json: body }, evaluationRecordSchema),
  listEvaluations: (projectId: number, signal?: AbortSignal) =>
    callApi(
      TRAIN_PATHS.evaluation,
      { ...GET, query: { projectId: String(projectId) }, signal },
      evaluationListSchema,
    ),
  /** Multipart: throws `UploadError` with the server's message (not toasted: the caller shows it). */
  saveModel: (
    projectId: number,
    body: { name: string; format: ModelFormat; summary?: TrainRunSummary | null; file: Blob },
    context: MultipartContext,
  ) =>
    postMultipart(
      TRAIN_PATHS.models(projectId),
      {
        name: body.name,
        format: body.format,
        summary: body.summary === undefined ? undefined : JSON.stringify(body.summary),
        model: { blob: body.file, fileName: `${body.name}.${body.format === 'onnx' ? 'onnx' : 'zip'}` },
      },
      savedModelSchema,
      context,
    ),
  /** The caller's last trained model of the project on the server (null: none yet). */
  getLastModel: (projectId: number, signal?: AbortSignal) =>
    // Silent: the page then simply starts with the browser's own copy.
    callApi(
      TRAIN_PATHS.lastModel(projectId),
      { ...GET, signal, silent: true },
      lastTrainedModelSchema.nullable(),
    ),
  /** Replaces it (the training page's file, last-model-codec.ts); throws `UploadError`. */
  putLastModel: (projectId: number, body: { file: Blob; savedAt: string }, context: MultipartContext) =>
    postMultipart(
      TRAIN_PATHS.lastModel(projectId),
      { savedAt: body.savedAt, model: { blob: body.file, fileName: 'last-model.zip' } },
      lastTrainedModelSchema,
      context,
      'PUT',
    ),
  uploadOnnx: (body: { name: string; file: Blob; fileName?: string }, context: MultipartContext) =>
    postMultipart(
      TRAIN_PATHS.onnxUpload,
      { name: body.name, model: { blob: body.file, fileName: body.fileName ?? `${body.name}.onnx` } },
      onnxModelSchema,
      context,
    ),
};
