/**
 * A project's pictures (packages/contract/src/make.ts lists the routes; assets.ts keeps them). In a context of
 * their own because the upload takes a multipart form with a file, and a context holds one multipart parser.
 * The owner reads and changes them under /make/projects/:id/assets; readers read them through the same
 * checks as the project itself (sharing.ts): a share link's token, or the class gallery and teacher view.
 */
import multipart from '@fastify/multipart';
import { MAKE, makeAssetRenameSchema, makeAssetUploadNameSchema } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { StoredFileMissing, type BlobStore } from '../../lib/storage/index.ts';
import { scheduleOrphanSweep } from '../../lib/storage/orphans.ts';
import { requireBoundary } from '../../plugins/body-parsers.ts';
import { requireCaller } from '../../plugins/session.ts';
import { receiveParts } from '../model-train/files.ts';
import {
  addAsset,
  assetOf,
  deleteAsset,
  listAssets,
  renameAsset,
  sweepOrphanAssets,
  type AssetRow,
} from './assets.ts';
import { ownProject } from './service.ts';
import { readableRow, rowByToken } from './sharing.ts';
import { tokenOf } from './sharing-routes.ts';

export interface MakeAssetRoutesOptions {
  db: Db;
  storage: BlobStore;
  now: () => Date;
}

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const projectParams = z.object({ id });
const assetParams = z.object({ id, assetId: id });
const tokenAssetParams = z.object({ assetId: id });

/** Sends a picture's bytes: its own type, never sniffed by the browser, kept while the page lives. */
async function sendPicture(storage: BlobStore, reply: FastifyReply, row: AssetRow) {
  // Opened before any header is set, so an object removed meanwhile is still the JSON 404.
  const body = await storage.get(row.storageKey).catch((error: unknown) => {
    throw error instanceof StoredFileMissing ? new AppError('notFound', 404) : error;
  });
  void reply
    .header('content-type', row.mime)
    .header('content-length', row.bytes)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline');
  return reply.send(body);
}

export const makeAssetRoutes: FastifyPluginAsync<MakeAssetRoutesOptions> = async (
  app,
  { db, storage, now },
) => {
  app.addHook('preValidation', requireBoundary);
  // One picture and its name: a file past the limit is cut one byte over it, which the reader refuses.
  await app.register(multipart, {
    limits: { fieldSize: 1024, fields: 8, fileSize: MAKE.assetMaxBytes + 1, files: 1 },
  });
  scheduleOrphanSweep(app, db, {
    name: 'studio pictures sweep',
    sweep: () => sweepOrphanAssets(db, storage),
  });

  const callerOf = async (request: FastifyRequest) => (await requireCaller(db, request, now())).user;

  app.get('/make/projects/:id/assets', async (request) => {
    const { id: projectId } = parseInput(projectParams, request.params);
    const user = await callerOf(request);
    await ownProject(db, user.id, projectId);
    return productOk(request, await listAssets(db, projectId, user.id));
  });

  app.post('/make/projects/:id/assets', async (request) => {
    const { id: projectId } = parseInput(projectParams, request.params);
    const user = await callerOf(request);
    const parts = await receiveParts(request, {
      file: { maxBytes: MAKE.assetMaxBytes, tooLarge: () => new AppError('makeAssetTooLarge', 413) },
    });
    const bytes = parts.buffers.file;
    if (!bytes) throw new AppError('noFile', 400);
    // The page sends the file's name without its extension; a snapshot has none and is called "picture".
    const name = parseInput(makeAssetUploadNameSchema, parts.fields.name || 'picture');
    return productOk(request, await addAsset(db, storage, user.id, projectId, { name, bytes }, now()));
  });

  app.patch('/make/projects/:id/assets/:assetId', async (request) => {
    const { id: projectId, assetId } = parseInput(assetParams, request.params);
    const user = await callerOf(request);
    const { name } = parseInput(makeAssetRenameSchema, request.body);
    return productOk(request, await renameAsset(db, user.id, projectId, assetId, name));
  });

  app.delete('/make/projects/:id/assets/:assetId', async (request) => {
    const { id: projectId, assetId } = parseInput(assetParams, request.params);
    const user = await callerOf(request);
    await deleteAsset(db, storage, user.id, projectId, assetId);
    return productOk(request, null);
  });

  app.get('/make/projects/:id/assets/:assetId/file', async (request, reply) => {
    const { id: projectId, assetId } = parseInput(assetParams, request.params);
    const user = await callerOf(request);
    await ownProject(db, user.id, projectId);
    return sendPicture(storage, reply, await assetOf(db, projectId, assetId));
  });

  // Readers: the same decision as for the project itself, from the session (and the link's token) alone.
  app.get('/make/shared/:token/assets', async (request) => {
    const token = tokenOf(request);
    await callerOf(request);
    const project = await rowByToken(db, token);
    return productOk(request, await listAssets(db, project.id, null));
  });

  app.get('/make/shared/:token/assets/:assetId/file', async (request, reply) => {
    const token = tokenOf(request);
    const { assetId } = parseInput(tokenAssetParams, request.params);
    await callerOf(request);
    const project = await rowByToken(db, token);
    return sendPicture(storage, reply, await assetOf(db, project.id, assetId));
  });

  app.get('/make/readable/:id/assets', async (request) => {
    const { id: projectId } = parseInput(projectParams, request.params);
    const user = await callerOf(request);
    const { row } = await readableRow(db, user, projectId, now());
    return productOk(request, await listAssets(db, row.id, null));
  });

  app.get('/make/readable/:id/assets/:assetId/file', async (request, reply) => {
    const { id: projectId, assetId } = parseInput(assetParams, request.params);
    const user = await callerOf(request);
    const { row } = await readableRow(db, user, projectId, now());
    return sendPicture(storage, reply, await assetOf(db, row.id, assetId));
  });
};
