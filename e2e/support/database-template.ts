/**
 * One migrated embedded database for the whole e2e run, copied into each file's fresh data folder: creating
 * and migrating a PGlite database costs 6–7 s of a loaded CI machine per server start, a copy under 1 s.
 * The server still runs its migrations on start (none are left to apply) and seeds its demo data itself.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@ai-edu/db';
import { TEMPLATE_ENV } from './server.ts';

/** Vitest global setup: builds the template before any file starts, removes it after the run. */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ai-edu-e2e-template-'));
  const dataDir = path.join(dir, 'db');
  const database = openDatabase({ engine: 'pglite', dataDir });
  await database.migrate();
  await database.close();
  process.env[TEMPLATE_ENV] = dataDir;
  return () => rm(dir, { recursive: true, force: true });
}
