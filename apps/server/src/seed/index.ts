/**
 * Everything `npm start` seeds into a database outside production (config.seedDemo): the demo accounts, the
 * contact list, the demo courses and the demo event. Each part seeds only what is missing, so a second call
 * adds nothing. The e2e suite seeds its migrated template with this too (e2e/support/database-template.ts),
 * so each e2e server starts with the demo data in place.
 */
import type { Db } from '@ai-edu/db';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { seedDemoContacts } from '../modules/contacts/service.ts';
import { seedDemoCourses, seedDemoEvent } from './demo-courses.ts';
import { seedDemo } from './demo.ts';

/**
 * The seed lock's key (a fixed arbitrary 64-bit number, never to change, taken by nothing else): instances
 * of every version must take turns on the same one.
 */
export const SEED_LOCK_KEY = 4_127_390_552_018_663_217n;

/**
 * Seeds the demo data; returns the demo accounts it made (none when the database had users already).
 *
 * Two instances started together on an empty PostgreSQL both find "no users" and both insert the demo
 * accounts; the second then crashed on `users_account_key` (issue 25). So the whole seed is one
 * transaction that first takes a transaction-level advisory lock: the second instance waits for the first
 * to commit, then finds everything in place and adds nothing. On PGlite the transaction alone serialises
 * two seeds of one process; a crash half-way leaves nothing half-seeded either way.
 */
export async function seedDemoData(db: Db, config: Pick<Config, 'secrets'>, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY.toString()}::bigint)`);
    const seeded = await seedDemo(tx, now);
    await seedDemoContacts(tx, now);
    await seedDemoCourses(tx);
    await seedDemoEvent(tx, config.secrets.codeSecret);
    return seeded;
  });
}
