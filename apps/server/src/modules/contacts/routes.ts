/** GET /contact.json (spec §7: loaded by the contact page). Public. */
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import { readContacts } from './service.ts';

export const contactRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/contact.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return readContacts(db);
  });
};
