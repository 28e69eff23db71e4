/**
 * Bodies arrive as JSON, urlencoded form or multipart form. Form fields (spec §7 calls) become a plain
 * object everywhere; multipart comes in two flavours registered per route group, because a context can
 * hold only one multipart parser: small forms as key-values, and uploads streamed to disk.
 */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

export const formBodies = fp(async (app: FastifyInstance) => {
  await app.register(formbody, { bodyLimit: 64 * 1024 });
});

/** RFC 2046: a boundary is 1 to 70 characters, quoted or not. */
const BOUNDARY_RE = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

/**
 * The multipart parser throws a plain Error (a 500) on a Content-Type without a usable boundary: refuse it
 * as the client's mistake before the parser sees it. Added before the parser, so it runs first.
 */
export async function requireBoundary(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  if (!BOUNDARY_RE.test(request.headers['content-type'] ?? ''))
    throw new AppError('multipartBoundary', 400, -1);
}

/** Multipart forms whose fields become `request.body`, as urlencoded forms do. Applies to the registering context. */
export const multipartFields = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', requireBoundary);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fieldSize: 64 * 1024, fields: 50, fileSize: 1024 * 1024, files: 2 },
  });
});

/** Multipart uploads read as streams (`request.file()`), up to `maxBytes`. Applies to the registering context. */
export const multipartUploads = fp(async (app: FastifyInstance, { maxBytes }: { maxBytes: number }) => {
  app.addHook('preValidation', requireBoundary);
  await app.register(multipart, {
    limits: { fieldSize: 64 * 1024, fields: 20, fileSize: maxBytes, files: 1 },
  });
});
