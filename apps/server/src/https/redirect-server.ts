/**
 * HTTP_REDIRECT_PORT: plain HTTP that sends browsers to the HTTPS address (same host name, PORT), except the
 * CA certificate and the set-up page, which it serves itself: a device must fetch the CA before it can
 * trust anything over HTTPS.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { DEVICE_SETUP_PATH, SCHOOL_CA_PATH } from '@ai-edu/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { secureOriginFor } from './secure-origin.ts';

const SERVED_HERE = new Set([SCHOOL_CA_PATH, DEVICE_SETUP_PATH]);

/** The plain-HTTP answer for one request: served by the app (the CA, the set-up page) or a redirect. */
export function redirectTarget(
  config: Pick<Config, 'https' | 'port'>,
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): { serve: true } | { serve: false; location: string } {
  const pathname = (url ?? '/').split('?')[0] ?? '/';
  if ((method === 'GET' || method === 'HEAD') && SERVED_HERE.has(pathname)) return { serve: true };
  const origin = secureOriginFor(config, headers.host) ?? 'https://localhost';
  // Only a path goes after the origin: a request line like "//evil.example" must not become another host.
  const path = (url ?? '/').startsWith('/') ? (url ?? '/').replace(/^\/+/, '/') : '/';
  return { serve: false, location: `${origin}${path}` };
}

export function createRedirectServer(app: FastifyInstance, config: Pick<Config, 'https' | 'port'>): Server {
  return createServer((request, response) => {
    const target = redirectTarget(config, request.method, request.url, request.headers);
    if (!target.serve) {
      // 308 keeps the method and body (a form posted to the http address still arrives).
      response.writeHead(308, { location: target.location, 'content-type': 'text/plain; charset=utf-8' });
      response.end(`Moved to ${target.location}\n`);
      return;
    }
    app
      .inject({
        method: request.method === 'HEAD' ? 'HEAD' : 'GET',
        url: request.url ?? '/',
        headers: {
          host: request.headers.host ?? '',
          'accept-language': request.headers['accept-language'] ?? '',
        },
      })
      .then((reply) => {
        const headers = { ...reply.headers };
        delete headers['transfer-encoding'];
        delete headers.connection;
        response.writeHead(reply.statusCode, headers);
        response.end(reply.rawPayload);
      })
      .catch(() => {
        response.writeHead(500);
        response.end();
      });
  });
}
