import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from './client.ts';
import { users } from './schema.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(engines)('database on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    const previous = process.env.TEST_DB;
    process.env.TEST_DB = engine;
    database = await createTestDatabase();
    process.env.TEST_DB = previous;
    expect(database.engine).toBe(engine);
  });
  afterAll(() => database.dispose());

  it('migrates, answers a ping and is idempotent on a second migrate', async () => {
    expect(await database.ping()).toBe(true);
    await database.migrate();
    expect(await database.ping()).toBe(true);
  });

  it('refuses a negative credit balance and a duplicate account', async () => {
    await database.db.insert(users).values({ account: 'a@example.com' });
    await expect(database.db.insert(users).values({ account: 'a@example.com' })).rejects.toThrow();
    await expect(
      database.db
        .update(users)
        .set({ creditBalance: sql`${users.creditBalance} - 1` })
        .where(eq(users.account, 'a@example.com')),
    ).rejects.toThrow();
  });
});

/**
 * Two instances starting at once on an empty PostgreSQL: the advisory lock lets exactly one migrate. Only
 * where DATABASE_URL is set (CI); the embedded engine has one process by construction.
 */
const postgresUrls = process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [];

describe.each(postgresUrls)('migrations on PostgreSQL', (adminUrl) => {
  const name = `district_mig_${randomBytes(6).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: adminUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  it('two instances migrating an empty database at the same moment apply each migration exactly once', async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const first = openDatabase({ engine: 'postgres', url: url.toString() });
    const second = openDatabase({ engine: 'postgres', url: url.toString() });
    try {
      await Promise.all([first.migrate(), second.migrate()]);
      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const counter = new pg.Client({ connectionString: url.toString() });
      await counter.connect();
      const { rows } = await counter.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      await counter.end();
      expect(rows[0]?.n).toBe(journal.entries.length);
      // The lock was given back: a later start migrates (nothing to do) without waiting.
      await second.migrate();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('gives the lock back when a migration fails, and leaves nothing half-applied', async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}_failing`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}_failing`);
    const blocker = new pg.Client({ connectionString: url.toString() });
    const first = openDatabase({ engine: 'postgres', url: url.toString() });
    const second = openDatabase({ engine: 'postgres', url: url.toString() });
    try {
      // A table in the way of the first migration: it fails on "already exists".
      await blocker.connect();
      await blocker.query('create table credit_ledger (id int)');
      await expect(first.migrate()).rejects.toThrow();
      const { rows } = await blocker.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename <> 'credit_ledger'",
      );
      expect(rows[0]?.n).toBe(0);
      const locks = await blocker.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory'
           and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(locks.rows[0]?.n).toBe(0);
      // Out of the way, another instance migrates: it would wait forever on a lock left held.
      await blocker.query('drop table credit_ledger');
      await second.migrate();
      await first.migrate();
    } finally {
      await blocker.end();
      await Promise.all([first.close(), second.close()]);
      await admin.query(`drop database if exists ${name}_failing with (force)`);
      await admin.end();
    }
  });
});
