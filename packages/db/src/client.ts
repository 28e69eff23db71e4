/**
 * One factory for both engines. Everything above this file sees the same Drizzle API, so the rest of the
 * code never asks which database it is on.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies every pending migration (idempotent). */
  migrate(): Promise<void>;
  /** true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { engine: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined → in memory (tests). `loadDataDir`: start from a dump of another database
   * (`dumpDataDir()`), e.g. one migrated once for a whole test run (testing.ts).
   */
  | { engine: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export function openDatabase(options: DatabaseOptions): Database {
  if (options.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      migrate: () => migrateUnderLock(pool),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir, { loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  writeClocks.set(db, countWrites(client));
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/**
 * The migration lock's key: any fixed 64-bit number works, as long as every version of the app uses the
 * same one (never change it: an old and a new instance would then migrate at once) and nothing else in the
 * database takes it. An arbitrary value, not derived from anything.
 */
export const MIGRATION_LOCK_KEY = 7_305_011_472_336_051_905n;

/**
 * Several instances may start at the same moment on one PostgreSQL. Drizzle reads "the last applied
 * migration" outside its transaction, so two of them would both apply the same migrations (one fails on
 * "already exists", or the rows land twice). A session-level advisory lock on one dedicated connection makes
 * them take turns: the first migrates, the others wait, then find nothing pending. Drizzle itself runs all
 * pending migrations in ONE transaction, so a failed migration leaves the schema as it was.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    // A connection whose unlock failed may still hold the lock: destroy it rather than return it to the pool.
    client.release(broken instanceof Error ? broken : undefined);
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Counts the writes done through an embedded database. PGlite serves exactly one process (DATA_DIR is
 * locked), so every write to it passes here: a cache keyed on this counter is invalidated by any write the
 * moment it completes, which is what lets the session cache keep revocation immediate. Counted
 * conservatively: every statement that is not a plain SELECT, and every transaction, bumps it.
 */
export interface WriteClock {
  readonly generation: number;
}

const writeClocks = new WeakMap<Db, WriteClock>();

/** The embedded database's write counter; undefined on PostgreSQL, where other instances write too. */
export function writeClockOf(db: Db): WriteClock | undefined {
  return writeClocks.get(db);
}

function countWrites(client: PGlite): WriteClock {
  const clock = { generation: 0 };
  const isRead = (text: string) => /^\s*select\b/i.test(text);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  // Bumped after the statement completes, so a read that overlapped it is never cached as current.
  client.query = (async (text: string, ...rest: unknown[]) => {
    try {
      return await (query as (t: string, ...r: unknown[]) => Promise<unknown>)(text, ...rest);
    } finally {
      if (!isRead(text)) clock.generation++;
    }
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    try {
      return await exec(...args);
    } finally {
      clock.generation++;
    }
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    try {
      return await transaction(...args);
    } finally {
      clock.generation++;
    }
  }) as typeof client.transaction;
  return clock;
}
