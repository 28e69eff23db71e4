/** Liveness with a database check, and the web client's runtime configuration. */
import { runtimeConfigSchema, type RuntimeConfigReply } from '@ai-edu/contract';
import type { Database } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { secureOriginFor } from '../../https/secure-origin.ts';
import { productOk } from '../../lib/http.ts';

export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', async (_request, reply) => {
    const up = await database.ping();
    return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable' });
  });
};

/**
 * What the browser needs at run time. The sign key and client secret are not secrets from the user: the
 * spec's client computes signatures and the hourly student secret itself. They stop replays and foreign
 * clients, not a person with the page open. Real protection is server-side (codes, limits, sessions).
 */
export const runtimeConfigRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.get('/config', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const data: RuntimeConfigReply = runtimeConfigSchema.parse({
      accountBaseUrl: config.accountBaseUrl,
      accountSignKey: config.secrets.accountSignKey,
      clientSecret: config.secrets.clientSecret,
      secureUrl: secureOriginFor(config, request.headers.host),
    });
    return productOk(request, data);
  });
};
