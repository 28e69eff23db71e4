/**
 * The admin CLI's way into a running server that holds the embedded database (PGlite serves one process).
 * Only registered with a per-start random token that the server writes, readable by its own OS user only,
 * into the data directory's lock file; loopback callers only.
 */
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { AdminCommandError, runAdminCommand } from './service.ts';

const bodySchema = z.object({ command: z.string(), flags: z.record(z.string(), z.unknown()) });

export const adminCliRoutes: FastifyPluginAsync<{ db: Db; token: string }> = async (app, { db, token }) => {
  app.post('/admin/cli', async (request, reply) => {
    const given = request.headers['x-admin-token'];
    const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
    if (!loopback || typeof given !== 'string' || !safeEqual(given, token)) throw forbidden();
    const { command, flags } = bodySchema.parse(request.body);
    try {
      return { ok: true, result: await runAdminCommand(db, command, flags) };
    } catch (error) {
      if (error instanceof AdminCommandError)
        return reply.status(400).send({ ok: false, error: error.message });
      throw error;
    }
  });
};
