/**
 * Databases for tests: PGlite in memory by default; with TEST_DB=postgres a fresh PostgreSQL database per
 * call (created on the server that DATABASE_URL points at, dropped on dispose), so test files run in
 * parallel without seeing each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database (undefined on PGlite), for child processes in tests. */
  url?: string;
  dispose(): Promise<void>;
}

export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const database = openDatabase({ engine: 'pglite' });
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
