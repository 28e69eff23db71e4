/**
 * The Node HTTP(S) server Fastify would make itself (fastify/lib/server.js, HTTP/1), with one difference: a
 * request first goes to `first`, which may answer it (static-web.ts's fast lane for built files held in
 * memory); Fastify gets the rest.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { FastifyServerFactory } from 'fastify';

/** The options Fastify passes a server factory (its own, after defaults), as far as a server needs them. */
interface ServerOptions {
  http?: http.ServerOptions;
  https?: https.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function serverFactoryWith(
  first: (req: IncomingMessage, res: ServerResponse) => boolean,
): FastifyServerFactory {
  return (fastifyHandler: Handler, opts) => {
    // Fastify's type leaves its options untyped here; they are the processed options described above.
    const options = opts as unknown as ServerOptions;
    const handle: Handler = (req, res) => {
      if (!first(req, res)) fastifyHandler(req, res);
    };
    const server = options.https
      ? https.createServer(options.https, handle)
      : http.createServer(options.http ?? {}, handle);
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    return server;
  };
}
