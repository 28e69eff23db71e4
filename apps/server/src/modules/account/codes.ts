/**
 * Verification codes: issued from the CSPRNG, stored as HMAC(secret, destination:code), valid for 5 minutes,
 * dead after 5 tries, consumed atomically so two concurrent correct submissions cannot both succeed. The
 * per-destination cooldown is a conditional upsert, so it holds across server instances without Redis.
 */
import { createHmac } from 'node:crypto';
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_TTL_MS, RESEND_COOLDOWN_SECONDS } from '@ai-edu/contract';
import { sendCooldowns, verificationCodes, type Db } from '@ai-edu/db';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { randomDigits, safeEqual } from '../../lib/tokens.ts';

export class CodeStore {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private hash(destination: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${destination}:${code}`).digest('hex');
  }

  /**
   * Starts the cooldown for a destination; false when a code went there less than 60 s ago. The row is
   * only updated when the last send is old enough, and the returned row says whether this call won.
   */
  async claimCooldown(destination: string): Promise<boolean> {
    const now = this.now();
    const threshold = new Date(now.getTime() - RESEND_COOLDOWN_SECONDS * 1000);
    const rows = await this.db
      .insert(sendCooldowns)
      .values({ destination, lastSentAt: now })
      .onConflictDoUpdate({
        target: sendCooldowns.destination,
        set: { lastSentAt: now },
        setWhere: lt(sendCooldowns.lastSentAt, threshold),
      })
      .returning({ destination: sendCooldowns.destination });
    return rows.length === 1;
  }

  /** Undoes a cooldown claim when the code could not be delivered, so the person can try again at once. */
  async releaseCooldown(destination: string): Promise<void> {
    await this.db.delete(sendCooldowns).where(eq(sendCooldowns.destination, destination));
  }

  /** Makes a new code for the destination; earlier unused codes for it stop working. */
  async issue(destination: string, channel: string): Promise<{ id: number; code: string }> {
    const code = randomDigits(CODE_LENGTH);
    const now = this.now();
    return this.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.destination, destination), isNull(verificationCodes.consumedAt)));
      const [row] = await tx
        .insert(verificationCodes)
        .values({
          destination,
          channel,
          codeHash: this.hash(destination, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        })
        .returning({ id: verificationCodes.id });
      return { id: row!.id, code };
    });
  }

  async discard(id: number): Promise<void> {
    await this.db.delete(verificationCodes).where(eq(verificationCodes.id, id));
  }

  /**
   * true when `code` is the live code of `destination`, consuming it. Each check first takes one of the
   * code's tries with a conditional increment, so no amount of concurrency gets more than 5 guesses.
   */
  async consume(destination: string, code: string): Promise<boolean> {
    const now = this.now();
    const [live] = await this.db
      .select({ id: verificationCodes.id, codeHash: verificationCodes.codeHash })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.destination, destination),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (!live) return false;
    const tries = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, live.id),
          lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .returning({ attempts: verificationCodes.attempts });
    if (tries.length === 0) return false;
    if (!safeEqual(this.hash(destination, code), live.codeHash)) return false;
    const consumed = await this.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, live.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return consumed.length === 1;
  }
}
