/** A school's word list and AI-use record retention (issue 16), with the defaults when never set. */
import { COCKPIT_LIMITS, type SchoolSettings } from '@ai-edu/contract';
import { schoolSettings, type Db } from '@ai-edu/db';
import { eq } from 'drizzle-orm';

export async function schoolSettingsOf(db: Db, schoolId: string): Promise<SchoolSettings> {
  const [row] = await db.select().from(schoolSettings).where(eq(schoolSettings.schoolId, schoolId));
  return {
    blockedWords: row?.blockedWords ?? [],
    retentionDays: row?.retentionDays ?? COCKPIT_LIMITS.retentionDaysDefault,
  };
}
