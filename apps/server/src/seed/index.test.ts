/**
 * Two instances started together on an empty database both seed the demo data (issue 25): the second
 * used to crash on `duplicate key … users_account_key`. Two connections (two pools on PostgreSQL, as two
 * processes have) seed at the same moment: both succeed, one of them makes the accounts, nothing twice.
 */
import { openDatabase, users, type Database } from '@ai-edu/db';
import { createTestDatabase, type TestDatabase } from '@ai-edu/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './demo.ts';
import { seedDemoData } from './index.ts';

const config = { secrets: { accountSignKey: 'sign', clientSecret: 'client', codeSecret: 'code' } };

describe('seedDemoData', () => {
  let database: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    second = database.url ? openDatabase({ engine: 'postgres', url: database.url }) : database;
  });
  afterAll(async () => {
    if (second !== database) await second.close();
    await database.dispose();
  });

  it('two seeds started together both finish, and the demo accounts exist once', async () => {
    const results = await Promise.allSettled([
      seedDemoData(database.db, config),
      seedDemoData(second.db, config),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const made = results.map((r) => (r.status === 'fulfilled' ? r.value.length : -1));
    expect(made.sort()).toEqual([0, DEMO_ACCOUNTS.length]);

    const rows = await database.db.select({ account: users.account }).from(users);
    expect(rows.map((r) => r.account).sort()).toEqual(DEMO_ACCOUNTS.map((d) => d.account).sort());
  });
});
