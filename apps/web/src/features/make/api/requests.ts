/**
 * The studio's calls as plain functions (hooks.ts wraps them in TanStack Query). A refusal toasts the server's
 * own message (the project limit, a program too large…) through `call`, unless `silent` (autosave shows its
 * state itself).
 */
import type { CreateMakeProject, UpdateMakeProject } from '@ai-edu/contract';
import type { z } from 'zod';
import type { ApiRequestOptions } from '../../../lib/api-client.ts';
import { call } from '../../../lib/product-call.ts';
import { loadMakeSchemas } from '../runtime/on-demand.ts';
import { MAKE_PATHS } from './paths.ts';

type Schemas = Awaited<ReturnType<typeof loadMakeSchemas>>;

/** `call`, then the data checked against its schema (fetched beside the request: it brings zod). */
export async function callApi<T extends z.ZodType>(
  path: string,
  options: ApiRequestOptions & { silent?: boolean },
  pick: (schemas: Schemas) => T,
): Promise<z.infer<T>> {
  const [data, schemas] = await Promise.all([call<unknown>(path, options), loadMakeSchemas()]);
  return pick(schemas).parse(data);
}

export const makeRequests = {
  listProjects: (signal?: AbortSignal) =>
    callApi(MAKE_PATHS.projects, { method: 'GET', signal }, (s) => s.makeProjectListSchema),
  getProject: (id: number, signal?: AbortSignal) =>
    callApi(MAKE_PATHS.project(id), { method: 'GET', signal }, (s) => s.makeProjectSchema),
  createProject: (body: CreateMakeProject) =>
    callApi(MAKE_PATHS.projects, { method: 'POST', json: body }, (s) => s.makeProjectSchema),
  updateProject: (id: number, body: UpdateMakeProject, options: { silent?: boolean } = {}) =>
    callApi(
      MAKE_PATHS.project(id),
      { method: 'PATCH', json: body, ...options },
      (s) => s.makeProjectSummarySchema,
    ),
  duplicateProject: (id: number) =>
    callApi(MAKE_PATHS.duplicate(id), { method: 'POST', json: {} }, (s) => s.makeProjectSummarySchema),
  listVersions: (id: number, signal?: AbortSignal) =>
    callApi(MAKE_PATHS.versions(id), { method: 'GET', signal }, (s) => s.makeVersionListSchema),
  restoreVersion: (id: number, versionId: number) =>
    callApi(MAKE_PATHS.restore(id, versionId), { method: 'POST', json: {} }, (s) => s.makeProjectSchema),
  listAssets: (id: number, signal?: AbortSignal) =>
    callApi(MAKE_PATHS.assets(id), { method: 'GET', signal }, (s) => s.makeAssetListSchema),
  deleteProject: async (id: number) => {
    await call<unknown>(MAKE_PATHS.project(id), { method: 'DELETE' });
  },
};
