/**
 * Serves the built single-page app. Hashed assets (/assets/*, and the model files the build puts under a
 * content-hashed folder, /vision/<hash>/…, /models/<hash>/…) are cached for a year; everything else, index.html
 * first, is revalidated on every use (ETag / Last-Modified → 304), so a new release is picked up at once.
 * Unknown non-API GETs get index.html and the client router takes over.
 *
 * Compression: the build writes `.br` and `.gz` copies beside each file (apps/web/build/precompress.ts); the
 * smallest the browser accepts is sent (br, then gzip, then the file itself), nothing is compressed per request.
 *
 * Files are sent from memory (lib/static-file-cache.ts): a class opening a lab at once asks for the same tens
 * of MB forty times, and reading them from disk per request cost 3× nginx's time (docs/benchmarks.md,
 * "Forty browsers at once"). Range requests and files too big to keep go through @fastify/static (streamed).
 */
import { existsSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedEncodings, type Encoding } from '../lib/accept-encoding.ts';
import { StaticFileCache, type CachedFile } from '../lib/static-file-cache.ts';
import { sendError } from './error-handler.ts';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** A file whose URL changes whenever its content does: safe to cache for a year. */
const IMMUTABLE = /^\/(?:assets\/|(?:vision|models)\/[0-9a-f]{12}\/)/;
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const EXTENSION = { br: '.br', gzip: '.gz' } as const;

/** The types of the files a build holds (as @fastify/send names them); others are streamed by @fastify/static. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
  '.onnx': 'application/octet-stream',
};

/** The URL's file, relative to the root ("/x/" → "/x/index.html"); undefined for dot segments and odd bytes. */
function requestedFile(url: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || /[\0\\]/.test(decoded)) return undefined;
  // Dot files are never served and ".." never leaves the root.
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  return decoded.endsWith('/') ? `${decoded}index.html` : decoded;
}

/** If-None-Match (weak comparison) or, without it, If-Modified-Since: the browser's copy is current. */
function notModified(headers: IncomingHttpHeaders, file: CachedFile): boolean {
  const tags = headers['if-none-match'];
  if (tags) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, '');
    return tags.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(file.etag));
  }
  const since = headers['if-modified-since'];
  return since !== undefined && Date.parse(since) >= Math.floor(file.mtimeMs / 1000) * 1000;
}

/**
 * Answers sent before Fastify sees the request (app.ts hands every request to `serve` first). A class
 * downloading a lab asks for the same ~170 hashed files forty times: once a file is in memory, its answer is
 * the security headers, the caching headers and the bytes, and Fastify's per-request work (request and reply
 * objects, routing, hooks, header checks) was most of the server's CPU beside the socket writes
 * (docs/benchmarks.md, "Forty browsers at once"). Everything else, and a file memory does not hold yet, goes
 * on to Fastify, which loads it.
 */
export class StaticFastLane {
  /** Answers sent from the lane (for tests and diagnostics). */
  served = 0;
  private lane: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;

  /** True when the lane answered; false to hand the request to Fastify. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.lane?.(req, res)) return false;
    this.served += 1;
    return true;
  }

  open(lane: (req: IncomingMessage, res: ServerResponse) => boolean): void {
    this.lane = lane;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The lane built files are answered from (null when closed), for tests and diagnostics. */
    staticFastLane: StaticFastLane | null;
  }
}

export interface StaticWebOptions {
  root: string;
  /** Opened for the built files; left closed when requests are logged (LOG_LEVEL=info logs each one). */
  fastLane?: StaticFastLane;
}

export const staticWeb = fp(async (app: FastifyInstance, { root, fastLane }: StaticWebOptions) => {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: only the APIs are served (run `npm run build`)');
    app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'notFound', -1));
    return;
  }
  const cache = new StaticFileCache();
  app.decorate('staticFastLane', fastLane ?? null);
  // reply.sendFile for what memory does not hold: ranges, big files, types not listed above.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: 'index.html',
    // <file>.br / <file>.gz when the browser accepts them (br first); the plugin sets Content-Encoding and
    // the original file's Content-Type.
    preCompressed: true,
    // Our own Cache-Control below; the plugin's default would overwrite it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
      res.setHeader('cache-control', IMMUTABLE.test(relative) ? CACHE_FOREVER : REVALIDATE);
      // The answer depends on Accept-Encoding (a cache must not hand the brotli copy to a gzip-only client).
      res.setHeader('vary', 'Accept-Encoding');
    },
  });

  /** Sends `relative` (a path under the root) from memory, or streams it; `missing` answers when it is not there. */
  async function sendBuilt(
    request: FastifyRequest,
    reply: FastifyReply,
    relative: string,
    missing: () => unknown = () => reply.callNotFound(),
  ) {
    const extension = path.extname(relative);
    // A client route (/ailab/trainImage): no file to look for, straight to index.html.
    if (!extension) return missing();
    const type = TYPES[extension];
    if (!type || request.headers.range) return reply.sendFile(relative);
    const immutable = IMMUTABLE.test(relative);
    const file = path.join(root, relative);
    // The smallest accepted copy the build kept, looked up in memory; the file itself last.
    for (const encoding of [...acceptedEncodings(request.headers['accept-encoding']), undefined]) {
      const found = await cache.get(encoding ? file + EXTENSION[encoding] : file, immutable);
      if ('tooBig' in found) return reply.sendFile(relative);
      if ('missing' in found) continue;
      void reply.headers({
        'cache-control': immutable ? CACHE_FOREVER : REVALIDATE,
        vary: 'Accept-Encoding',
        etag: found.etag,
        'last-modified': found.lastModified,
      });
      if (notModified(request.headers, found)) return reply.code(304).send();
      if (encoding) void reply.header('content-encoding', encoding);
      return reply.type(type).send(found.body);
    }
    return missing();
  }

  /** Each file's answer headers, made once: forty browsers get the same ones (dropped with the file). */
  const answers = new WeakMap<CachedFile, { ok: OutgoingHttpHeaders; notModified: OutgoingHttpHeaders }>();
  function laneHeaders(file: CachedFile, relative: string, type: string, encoding: Encoding | undefined) {
    let made = answers.get(file);
    if (!made) {
      const notModified = {
        ...app.securityHeaders(relative),
        'cache-control': CACHE_FOREVER,
        vary: 'Accept-Encoding',
        etag: file.etag,
        'last-modified': file.lastModified,
      };
      const ok = {
        ...notModified,
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-type': type,
        'content-length': file.body.length,
      };
      made = { ok, notModified };
      answers.set(file, made);
    }
    return made;
  }

  fastLane?.open((req, res) => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !IMMUTABLE.test(url) || req.headers.range)
      return false;
    // A request with a body is Fastify's to read (and to refuse).
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
      return false;
    const relative = requestedFile(url);
    const type = relative && TYPES[path.extname(relative)];
    if (!relative || !type) return false;
    const file = path.join(root, relative);
    for (const encoding of [...acceptedEncodings(req.headers['accept-encoding']), undefined]) {
      const found = cache.peek(encoding ? file + EXTENSION[encoding] : file);
      // Not looked for yet: Fastify's route loads it, the next request finds it here.
      if (!found) return false;
      if ('missing' in found) continue;
      const headers = laneHeaders(found, relative, type, encoding);
      if (notModified(req.headers, found)) {
        res.writeHead(304, headers.notModified).end();
        return true;
      }
      res.writeHead(200, headers.ok);
      if (req.method === 'HEAD') res.end();
      else res.end(found.body);
      return true;
    }
    return false;
  });

  app.get('/*', (request, reply) => {
    const relative = requestedFile(request.url);
    return relative ? sendBuilt(request, reply, relative) : reply.callNotFound();
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage) return sendError(request, reply, 404, 'notFound', -1);
    // index.html removed by a rebuild in progress: a plain 404, never the not-found handler again.
    return sendBuilt(request, reply, '/index.html', () => sendError(request, reply, 404, 'notFound', -1));
  });
});
