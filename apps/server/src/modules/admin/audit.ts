/** The admin audit log: one row per administrative change, from the console or the command line. */
import { adminAudit, type Db } from '@ai-edu/db';
import { desc, lt } from 'drizzle-orm';

export interface AuditEntry {
  /** The admin account, or null for the command line. */
  adminId: string | null;
  actor: string;
  action: string;
  target?: string;
  details?: Record<string, unknown>;
}

/** Never records secrets: passwords and documents are reduced to what happened. */
export async function audit(db: Db, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(adminAudit).values({
    adminId: entry.adminId,
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    createdAt: now,
  });
}

export async function auditPage(db: Db, limit: number, before?: number) {
  const rows = await db
    .select()
    .from(adminAudit)
    .where(before ? lt(adminAudit.id, before) : undefined)
    .orderBy(desc(adminAudit.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
