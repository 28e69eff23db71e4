/**
 * The contact list behind /contact.json. An admin replaces it whole; a bad file is rejected with its
 * reasons and the stored list is left as it was (validation happens before the single write).
 */
import { isDeepStrictEqual } from 'node:util';
import { contactListSchema, type Contact } from '@ai-edu/contract';
import { siteDocuments, type Db } from '@ai-edu/db';
import { eq } from 'drizzle-orm';
import { DEMO_CONTACTS } from './demo-contacts.ts';

const NAME = 'contacts';

export class ContactListError extends Error {}

export async function readContacts(db: Db): Promise<Contact[]> {
  const [row] = await db.select().from(siteDocuments).where(eq(siteDocuments.name, NAME)).limit(1);
  if (!row) return [];
  const parsed = contactListSchema.safeParse(row.body);
  return parsed.success ? parsed.data : [];
}

/** Parses and validates a JSON document; throws ContactListError naming every problem found. */
export function parseContactList(json: string): Contact[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new ContactListError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = contactListSchema.safeParse(data);
  if (!parsed.success) {
    const reasons = parsed.error.issues
      .slice(0, 10)
      .map((i) => `  at ${i.path.length ? i.path.join('.') : '(top)'}: ${i.message}`);
    throw new ContactListError(`The contact list was rejected; nothing was changed.\n${reasons.join('\n')}`);
  }
  return parsed.data;
}

export async function replaceContacts(db: Db, contacts: Contact[], now: Date): Promise<void> {
  await db
    .insert(siteDocuments)
    .values({ name: NAME, body: contacts, updatedAt: now })
    .onConflictDoUpdate({ target: siteDocuments.name, set: { body: contacts, updatedAt: now } });
}

/** The demo list as the older demo stored it (Chinese only), to recognise it untouched. */
const untranslated = (list: readonly Contact[]) => list.map(({ translations: _ignored, ...rest }) => rest);

/**
 * Demo installations start with a realistic list; production starts empty until the admin sets one. An
 * install still holding the older demo's Chinese-only list, unchanged, gets the list with English too.
 */
export async function seedDemoContacts(db: Db, now: Date): Promise<void> {
  const [row] = await db.select().from(siteDocuments).where(eq(siteDocuments.name, NAME));
  if (!row || isDeepStrictEqual(row.body, untranslated(DEMO_CONTACTS))) {
    await replaceContacts(db, DEMO_CONTACTS, now);
  }
}
