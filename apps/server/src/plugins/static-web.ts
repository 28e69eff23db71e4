/**
 * Serves the built single-page app. Hashed assets are cached for a year; index.html never, so a new
 * release is picked up at once. Unknown non-API GETs get index.html and the client router takes over.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler.ts';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export const staticWeb = fp(async (app: FastifyInstance, { root }: { root: string }) => {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: only the APIs are served (run `npm run build`)');
    app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'notFound', -1));
    return;
  }
  await app.register(fastifyStatic, {
    root,
    // Looked up per request, so a rebuild while the server runs is served at once.
    wildcard: true,
    index: 'index.html',
    // Our own Cache-Control below; the plugin's default would overwrite it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage) return sendError(request, reply, 404, 'notFound', -1);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
