/**
 * Serves the built single-page app. Hashed assets (/assets/*, and the model files the build puts under a
 * content-hashed folder, /vision/<hash>/…, /models/<hash>/…) are cached for a year; everything else, index.html
 * first, is revalidated on every use, so a new release is picked up at once. Unknown non-API GETs get
 * index.html and the client router takes over.
 *
 * Compression: the build writes `.br` and `.gz` copies beside each file (apps/web/build/precompress.ts); the
 * smallest the browser accepts is sent (br, then gzip, then the file itself), nothing is compressed per request.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler.ts';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** A file whose URL changes whenever its content does: safe to cache for a year. */
const IMMUTABLE = /[\\/](?:assets[\\/]|(?:vision|models)[\\/][0-9a-f]{12}[\\/])/;

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
    // <file>.br / <file>.gz when the browser accepts them (br first); the plugin sets Content-Encoding and
    // the original file's Content-Type.
    preCompressed: true,
    // Our own Cache-Control below; the plugin's default would overwrite it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = path.relative(root, filePath);
      res.setHeader(
        'cache-control',
        IMMUTABLE.test(`${path.sep}${relative}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The answer depends on Accept-Encoding (a cache must not hand the brotli copy to a gzip-only client).
      res.setHeader('vary', 'Accept-Encoding');
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
