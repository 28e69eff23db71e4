/**
 * The databases a benchmark runs on: PGlite on disk in a temporary DATA_DIR (as `npm start` uses it), and
 * PostgreSQL when DATABASE_URL is set, in a scratch database created on that server and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '@ai-edu/db';
import { sql } from 'drizzle-orm';

export type EngineName = 'pglite' | 'postgres';

export interface OpenEngine {
  database: Database;
  /** For the app's own files (the dev outbox). */
  dataDir: string;
  dispose(): Promise<void>;
}

export type Engine =
  { name: EngineName; open(): Promise<OpenEngine> } | { name: EngineName; skipped: string };

export function engines(databaseUrl: string | undefined): Engine[] {
  return [
    { name: 'pglite', open: openPglite },
    databaseUrl
      ? { name: 'postgres', open: () => openScratchPostgres(databaseUrl) }
      : { name: 'postgres', skipped: 'DATABASE_URL is not set' },
  ];
}

async function openPglite(): Promise<OpenEngine> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-pglite-'));
  const database = openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  return {
    database,
    dataDir,
    async dispose() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = openDatabase({ engine: 'postgres', url: adminUrl, poolSize: 1 });
  try {
    await admin.db.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

async function openScratchPostgres(adminUrl: string): Promise<OpenEngine> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The pool size main.ts uses (the default).
  const database = openDatabase({ engine: 'postgres', url: url.toString() });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-postgres-'));
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
  return {
    database,
    dataDir,
    async dispose() {
      await database.close();
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
