/**
 * A brand-new, empty PostgreSQL database on the server DATABASE_URL points at (no migrations: the instances
 * under test apply them), dropped again by drop(). For the district test and bench.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface EmptyDatabase {
  name: string;
  url: string;
  /** Runs one statement in this database on a connection of its own and returns its rows. */
  query<T>(statement: string): Promise<T[]>;
  drop(): Promise<void>;
}

async function queryOn<T>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function createEmptyDatabase(adminUrl: string, prefix = 'district'): Promise<EmptyDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await queryOn(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    query: (statement) => queryOn(url.toString(), statement),
    drop: async () => {
      await queryOn(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
