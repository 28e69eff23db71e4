/**
 * Lab access: every lab is open unless an admin denied it for the account or for its school. The user
 * info carries the allowed slugs (the web's route-permission check); paid AI calls check it again here.
 */
import { LAB_SLUGS, type LabSlug } from '@ai-edu/contract';
import { labAccessRules, type Db } from '@ai-edu/db';
import { and, eq, or } from 'drizzle-orm';
import type { User } from '../users/accounts.ts';

export type AccessScope = { scope: 'account'; userId: string } | { scope: 'company'; company: string };

const subjectOf = (target: AccessScope) => (target.scope === 'account' ? target.userId : target.company);

export async function allowedLabs(db: Db, user: Pick<User, 'id' | 'companyName'>): Promise<LabSlug[]> {
  const conditions = [and(eq(labAccessRules.scope, 'account'), eq(labAccessRules.subject, user.id))];
  if (user.companyName) {
    conditions.push(and(eq(labAccessRules.scope, 'company'), eq(labAccessRules.subject, user.companyName)));
  }
  const rules = await db
    .select({ denied: labAccessRules.denied })
    .from(labAccessRules)
    .where(or(...conditions));
  return labsWithout(rules.flatMap((r) => r.denied));
}

/** Every lab but the denied ones, in catalogue order. */
export function labsWithout(denied: readonly string[]): LabSlug[] {
  if (denied.length === 0) return [...LAB_SLUGS];
  const set = new Set(denied);
  return LAB_SLUGS.filter((slug) => !set.has(slug));
}

export async function deniedLabs(db: Db, target: AccessScope): Promise<string[]> {
  const [row] = await db
    .select({ denied: labAccessRules.denied })
    .from(labAccessRules)
    .where(and(eq(labAccessRules.scope, target.scope), eq(labAccessRules.subject, subjectOf(target))));
  return row?.denied ?? [];
}

/** Replaces the denied list of an account or a school; an empty list opens every lab again. */
export async function setDeniedLabs(db: Db, target: AccessScope, denied: readonly string[], now: Date) {
  const subject = subjectOf(target);
  if (denied.length === 0) {
    await db
      .delete(labAccessRules)
      .where(and(eq(labAccessRules.scope, target.scope), eq(labAccessRules.subject, subject)));
    return;
  }
  await db
    .insert(labAccessRules)
    .values({ scope: target.scope, subject, denied: [...new Set(denied)], updatedAt: now })
    .onConflictDoUpdate({
      target: [labAccessRules.scope, labAccessRules.subject],
      set: { denied: [...new Set(denied)], updatedAt: now },
    });
}
