/** The demo accounts a fresh installation gets: every kind of account, the admin console's included. */
import { users } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemo } from './demo.ts';

describe('demo accounts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('seeds an admin with the other demo logins, and nothing on a database that has users', async () => {
    const seeded = await seedDemo(database.db);
    expect(seeded.map((d) => d.account)).toContain('admin@example.com');
    const rows = await database.db.select({ account: users.account, role: users.role }).from(users);
    expect(rows.filter((r) => r.role === 'admin').map((r) => r.account)).toEqual(['admin@example.com']);
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);

    expect(await seedDemo(database.db)).toEqual([]);
  });
});
