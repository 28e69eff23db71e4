/**
 * Databases for tests: PGlite in memory by default; with TEST_DB=postgres a fresh PostgreSQL database per
 * call (created on the server that DATABASE_URL points at, dropped on dispose), so test files run in
 * parallel without seeing each other's rows.
 *
 * Both start from a database migrated once per test run when the run's global setup made one
 * (test-templates.ts): a PGlite dump loaded in ~1.5 s instead of an initdb and every migration (8–14 s of a
 * loaded 2-core machine), a PostgreSQL `CREATE DATABASE … TEMPLATE` (~0.2 s instead of ~1.4 s). Without
 * one (a single file run from an editor) each database is made and migrated from scratch, as before.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

/** A file holding a migrated PGlite database's dump (`dumpDataDir`), set by the global setup. */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
/** The name of a migrated database on DATABASE_URL's server to copy, set by the global setup. */
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database (undefined on PGlite), for child processes in tests. */
  url?: string;
  dispose(): Promise<void>;
}

export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** One dump per worker process, read once: every PGlite database of the worker's files starts from it. */
let pgliteTemplate: Promise<Blob> | undefined;

function pgliteTemplateBlob(): Promise<Blob> | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/** A connection string for another database on the same server as `url`. */
export function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

export async function adminQuery(statement: string): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const template = pgliteTemplateBlob();
    const database = openDatabase({ engine: 'pglite', loadDataDir: template ? await template : undefined });
    // Nothing to apply on a copy of the template; the whole chain on a fresh database.
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(process.env.DATABASE_URL!, name);
  const database = openDatabase({ engine: 'postgres', url, poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    url,
    async dispose() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
