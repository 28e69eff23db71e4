/**
 * Everything `npm start` seeds into a database outside production (config.seedDemo): the demo accounts, the
 * contact list, the demo courses and the demo event. Each part seeds only what is missing, so a second call
 * adds nothing. The e2e suite seeds its migrated template with this too (e2e/support/database-template.ts),
 * so each e2e server starts with the demo data in place.
 */
import type { Db } from '@ai-edu/db';
import type { Config } from '../config.ts';
import { seedDemoContacts } from '../modules/contacts/service.ts';
import { seedDemoCourses, seedDemoEvent } from './demo-courses.ts';
import { seedDemo } from './demo.ts';

/** Seeds the demo data; returns the demo accounts it made (none when the database had users already). */
export async function seedDemoData(db: Db, config: Pick<Config, 'secrets'>, now = new Date()) {
  const seeded = await seedDemo(db, now);
  await seedDemoContacts(db, now);
  await seedDemoCourses(db);
  await seedDemoEvent(db, config.secrets.codeSecret);
  return seeded;
}
