/**
 * Vitest global setup of the server test projects: migrates one database for the whole run, which every test
 * file's `createTestDatabase()` then copies (testing.ts). The project named `…postgres` gets a template
 * database on DATABASE_URL's server; any other a PGlite dump in a temporary file. Removed after the run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from './client.ts';
import { adminQuery, databaseUrl, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './testing.ts';

async function postgresTemplate(): Promise<() => Promise<void>> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const database = openDatabase({ engine: 'postgres', url: databaseUrl(process.env.DATABASE_URL!, name) });
  try {
    await database.migrate();
  } finally {
    // No connection may stay open to a template while it is copied.
    await database.close();
  }
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
}

async function pgliteTemplate(): Promise<() => Promise<void>> {
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'ai-edu-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}

export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.name.endsWith('postgres') ? postgresTemplate() : pgliteTemplate();
}
