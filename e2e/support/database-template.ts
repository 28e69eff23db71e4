/**
 * One migrated and seeded embedded database for the whole e2e run, copied into each file's fresh data folder:
 * creating and migrating a PGlite database cost 6–7 s of a loaded CI machine per server start, and seeding
 * the demo data (password hashes) another ~1.5 s; a copy costs under 1 s. The server still runs its
 * migrations and its seeding on start; both find nothing left to do.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@ai-edu/db';
import { loadConfig } from '../../apps/server/src/config.ts';
import { seedDemoData } from '../../apps/server/src/seed/index.ts';
import { childEnv, SERVER_BUNDLE_ENV, TEMPLATE_ENV } from './server.ts';
import { bundleServer } from './server-bundle.ts';

/**
 * Vitest global setup: builds the template and the server bundle (server-bundle.ts) before any file starts,
 * removes both after the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const bundle = await bundleServer();
  process.env[SERVER_BUNDLE_ENV] = bundle.file;
  const dir = await mkdtemp(path.join(tmpdir(), 'ai-edu-e2e-template-'));
  const dataDir = path.join(dir, 'db');
  const database = openDatabase({ engine: 'pglite', dataDir });
  await database.migrate();
  // Seeded with the secrets the test servers have (the demo event's code is kept as its hash).
  await seedDemoData(database.db, loadConfig(childEnv(3000, dir, {})));
  await database.close();
  process.env[TEMPLATE_ENV] = dataDir;
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await bundle.remove();
  };
}
