/**
 * The block studio's projects under /api/make/projects (packages/contract/src/make.ts lists the routes). Every
 * route acts for the signed-in caller only: the owner comes from the session, never from the request.
 */
import {
  MAKE,
  createMakeProjectSchema,
  duplicateMakeProjectSchema,
  makeThumbnailSchema,
  updateMakeProjectSchema,
} from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { languageOf, parseInput, productOk } from '../../lib/http.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { requireCaller } from '../../plugins/session.ts';
import {
  createProject,
  deleteProject,
  duplicateProject,
  getProject,
  listProjects,
  listVersions,
  restoreVersion,
  setThumbnail,
  updateProject,
} from './service.ts';
import { lessonStarterFor, openLessonStarter } from './lesson-starter.ts';
import { registerSharingRoutes } from './sharing-routes.ts';

export interface MakeRoutesOptions {
  db: Db;
  /** Where the projects' pictures are (deleting a project removes them). */
  storage: BlobStore;
  now: () => Date;
}

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const projectParams = z.object({ id });
const versionParams = z.object({ id, versionId: id });

/**
 * A workspace may be 1 MB of JSON; the request around it (name, session) gets a little room on top. A larger
 * body is a 413 before it is read whole.
 */
const WORKSPACE_BODY_LIMIT = { bodyLimit: MAKE.maxWorkspaceBytes + 64 * 1024 };

export const makeRoutes: FastifyPluginAsync<MakeRoutesOptions> = async (app, { db, storage, now }) => {
  const ownerOf = async (request: FastifyRequest) => (await requireCaller(db, request, now())).user.id;

  app.get('/make/projects', async (request) => {
    const owner = await ownerOf(request);
    return productOk(request, { projects: await listProjects(db, owner), limit: MAKE.maxProjectsPerUser });
  });

  app.post('/make/projects', WORKSPACE_BODY_LIMIT, async (request) => {
    const owner = await ownerOf(request);
    const body = parseInput(createMakeProjectSchema, request.body);
    return productOk(request, await createProject(db, owner, body, now()));
  });

  app.get('/make/projects/:id', async (request) => {
    const { id: projectId } = parseInput(projectParams, request.params);
    const owner = await ownerOf(request);
    return productOk(request, await getProject(db, owner, projectId));
  });

  app.patch('/make/projects/:id', WORKSPACE_BODY_LIMIT, async (request) => {
    const { id: projectId } = parseInput(projectParams, request.params);
    const owner = await ownerOf(request);
    const body = parseInput(updateMakeProjectSchema, request.body);
    return productOk(request, await updateProject(db, owner, projectId, body, now()));
  });

  app.post('/make/projects/:id/duplicate', async (request) => {
    const { id: projectId } = parseInput(projectParams, request.params);
    const owner = await ownerOf(request);
    const body = parseInput(duplicateMakeProjectSchema, request.body);
    return productOk(request, await duplicateProject(db, owner, projectId, body.name, now()));
  });

  app.delete('/make/projects/:id', async (request) => {
    const { id: projectId } = parseInput(projectParams, request.params);
    const owner = await ownerOf(request);
    await deleteProject(db, storage, owner, projectId);
    return productOk(request, null);
  });

  app.get('/make/projects/:id/versions', async (request) => {
    const { id: projectId } = parseInput(projectParams, request.params);
    const owner = await ownerOf(request);
    return productOk(request, { versions: await listVersions(db, owner, projectId) });
  });

  app.post('/make/projects/:id/versions/:versionId/restore', async (request) => {
    const { id: projectId, versionId } = parseInput(versionParams, request.params);
    const owner = await ownerOf(request);
    return productOk(request, await restoreVersion(db, owner, projectId, versionId, now()));
  });

  app.put('/make/projects/:id/thumbnail', async (request) => {
    const { id: projectId } = parseInput(projectParams, request.params);
    const owner = await ownerOf(request);
    const { thumbnail } = parseInput(makeThumbnailSchema, request.body);
    await setThumbnail(db, owner, projectId, thumbnail);
    return productOk(request, null);
  });

  // The project the caller's class's running lesson hands out (docs/make-studio.md, "Lessons and the live view").
  app.get('/make/lesson-starter', async (request, reply) => {
    const { user } = await requireCaller(db, request, now());
    reply.header('cache-control', 'no-store');
    return productOk(request, await lessonStarterFor(db, user, languageOf(request), now()));
  });

  app.post('/make/lesson-starter/open', async (request) => {
    const { user } = await requireCaller(db, request, now());
    return productOk(request, await openLessonStarter(db, user, languageOf(request), now()));
  });

  registerSharingRoutes(app, db, now);
};
