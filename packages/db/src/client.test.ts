import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
