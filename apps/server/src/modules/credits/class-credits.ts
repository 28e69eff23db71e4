/**
 * Class credit budgets in the ledger (issue 16): the only writer of `class_budgets.balance` and of the ledger
 * rows that move it. Every change runs in one transaction that first takes the class's budget row
 * `FOR UPDATE`, so spends, refunds, allocations and the weekly refill of one class happen one after another
 * however many requests or server instances arrive at once. Lock order is always budget row, then the
 * school's user row, so two classes of one school cannot deadlock.
 *
 * Rows: an allocation is two rows (the school's, class_id null; the class's, class_id set, user_id = who
 * acted, balance_after = the class's balance); a student's spend or refund is one class row with
 * user_id = the student. So the school's rows sum to its balance and a class's rows to the class's.
 */
import { classBudgets, classes, creditLedger, users, type Db } from '@ai-edu/db';
import { and, eq, gte, isNull, notLike, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { chinaDate, startOfChinaDay, startOfChinaWeek } from './china-time.ts';
import { applyCreditChange, isUniqueViolation } from './service.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;
export type BudgetRow = typeof classBudgets.$inferSelect;

/** Reasons of the rows that move credits between a school and its class (not spending). */
export const ALLOCATE_REASON = 'class:allocate';
export const RETURN_REASON = 'class:return';

/**
 * 429 for a student whose class cannot pay: like the gateway's daily cap (`aiDailyCap`), it is a limit someone
 * set — here the teacher's allocation or daily cap — so every lab shows the server's message, which names who
 * to ask (the detail the gateway adds). 402 stays for a student's own balance running out.
 */
export class ClassSpendRefusedError extends AppError {
  constructor(
    readonly key: 'classBudgetEmpty' | 'studentDailyCapReached',
    detail?: string,
  ) {
    super(key, 429, -1, {}, detail);
  }
}

/** 409: the school's balance (the detail) is below what the allocation needs; nothing moved. */
export class SchoolPoolTooSmallError extends AppError {
  constructor(schoolBalance: number) {
    super('schoolPoolTooSmall', 409, -1, {}, String(schoolBalance));
  }
}

/** What a student may still spend from the class today: the smaller of the class's balance and their cap. */
export function leftToday(classBalance: number, dailyCap: number | null, spentToday: number): number {
  return Math.max(0, Math.min(classBalance, dailyCap === null ? Infinity : dailyCap - spentToday));
}

/**
 * Spent from the class today (China time), refunds netted; one student's when `userId` is given. A refund
 * counts on the day it is written (a request pending across midnight is the only case where that differs).
 */
export async function classSpentToday(
  db: Runner,
  classId: string,
  now: Date,
  userId?: string,
): Promise<number> {
  const [row] = await db
    .select({ spent: sql<number>`coalesce(-sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.classId, classId),
        userId ? eq(creditLedger.userId, userId) : undefined,
        notLike(creditLedger.reason, 'class:%'),
        gte(creditLedger.createdAt, startOfChinaDay(now)),
      ),
    );
  return row?.spent ?? 0;
}

/** The class's budget row, locked until the transaction ends; undefined when the class has none. */
async function lockBudget(tx: Tx, classId: string): Promise<(BudgetRow & { schoolId: string }) | undefined> {
  const [row] = await tx
    .select({ budget: classBudgets, schoolId: classes.ownerId })
    .from(classBudgets)
    .innerJoin(classes, eq(classes.id, classBudgets.classId))
    .where(eq(classBudgets.classId, classId))
    .for('update', { of: classBudgets });
  return row && { ...row.budget, schoolId: row.schoolId };
}

async function keySeen(tx: Tx, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, key))
    .limit(1);
  return Boolean(row);
}

interface Move {
  classId: string;
  schoolId: string;
  /** Who acted: the school or teacher who allocated (user_id of the class's row). */
  actorId: string;
  amount: number;
  now: Date;
  /** Applies at most once: the school's row gets this key, the class's `<key>:class`. */
  key?: string;
}

/** Moves `amount` from the school's balance to the class's, or refuses (409) when the school has less. */
async function moveFromSchool(tx: Tx, move: Move): Promise<void> {
  if (move.key && (await keySeen(tx, move.key))) return;
  const [school] = await tx
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} - ${move.amount}` })
    .where(and(eq(users.id, move.schoolId), gte(users.creditBalance, move.amount)))
    .returning({ balance: users.creditBalance });
  if (!school) throw new SchoolPoolTooSmallError(await userBalance(tx, move.schoolId));
  const [klass] = await tx
    .update(classBudgets)
    .set({ balance: sql`${classBudgets.balance} + ${move.amount}` })
    .where(eq(classBudgets.classId, move.classId))
    .returning({ balance: classBudgets.balance });
  await tx.insert(creditLedger).values([
    {
      userId: move.schoolId,
      delta: -move.amount,
      balanceAfter: school.balance,
      reason: ALLOCATE_REASON,
      reference: move.classId,
      idempotencyKey: move.key,
      createdAt: move.now,
    },
    {
      userId: move.actorId,
      classId: move.classId,
      delta: move.amount,
      balanceAfter: klass!.balance,
      reason: ALLOCATE_REASON,
      reference: move.schoolId,
      idempotencyKey: move.key && `${move.key}:class`,
      createdAt: move.now,
    },
  ]);
}

/** Gives `amount` of the class's balance back to the school. */
async function moveToSchool(tx: Tx, move: Move): Promise<void> {
  if (move.key && (await keySeen(tx, move.key))) return;
  const [klass] = await tx
    .update(classBudgets)
    .set({ balance: sql`${classBudgets.balance} - ${move.amount}` })
    .where(eq(classBudgets.classId, move.classId))
    .returning({ balance: classBudgets.balance });
  const [school] = await tx
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} + ${move.amount}` })
    .where(eq(users.id, move.schoolId))
    .returning({ balance: users.creditBalance });
  await tx.insert(creditLedger).values([
    {
      userId: move.schoolId,
      delta: move.amount,
      balanceAfter: school!.balance,
      reason: RETURN_REASON,
      reference: move.classId,
      idempotencyKey: move.key,
      createdAt: move.now,
    },
    {
      userId: move.actorId,
      classId: move.classId,
      delta: -move.amount,
      balanceAfter: klass!.balance,
      reason: RETURN_REASON,
      reference: move.schoolId,
      idempotencyKey: move.key && `${move.key}:class`,
      createdAt: move.now,
    },
  ]);
}

async function userBalance(db: Runner, userId: string): Promise<number> {
  const [row] = await db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/**
 * A weekly budget whose week has passed: the rest goes back to the school and the weekly amount is allocated
 * again as far as the pool allows. Called under the budget row's lock, and keyed per class and week, so it
 * happens once whoever gets there first.
 */
async function rollWeek(tx: Tx, budget: BudgetRow & { schoolId: string }, now: Date) {
  const week = startOfChinaWeek(now);
  if (budget.mode !== 'weekly' || budget.periodStart >= week) return budget;
  const base = {
    classId: budget.classId,
    schoolId: budget.schoolId,
    actorId: budget.updatedBy ?? budget.schoolId,
    now,
  };
  const key = `class:${budget.classId}:week:${chinaDate(week)}`;
  if (budget.balance > 0) await moveToSchool(tx, { ...base, amount: budget.balance, key: `${key}:return` });
  const [school] = await tx
    .select({ balance: users.creditBalance })
    .from(users)
    .where(eq(users.id, budget.schoolId))
    .for('update');
  const amount = Math.min(budget.amount, school?.balance ?? 0);
  if (amount > 0) await moveFromSchool(tx, { ...base, amount, key: `${key}:allocate` });
  const [rolled] = await tx
    .update(classBudgets)
    .set({ periodStart: week, updatedAt: now })
    .where(eq(classBudgets.classId, budget.classId))
    .returning();
  return { ...rolled!, schoolId: budget.schoolId };
}

/** Runs `work` again once if it lost a race on a ledger idempotency key (its transaction rolled back whole). */
async function onceByKey<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) return work();
    throw error;
  }
}

/**
 * The class's budget with its week settled (a weekly budget refilled on the first read or spend of a new
 * week); undefined when the class has none. Takes a lock only when a refill is due.
 */
export async function settledBudget(db: Db, classId: string, now: Date): Promise<BudgetRow | undefined> {
  const [budget] = await db.select().from(classBudgets).where(eq(classBudgets.classId, classId));
  if (!budget || budget.mode !== 'weekly' || budget.periodStart >= startOfChinaWeek(now)) return budget;
  return onceByKey(() =>
    db.transaction(async (tx) => {
      const locked = await lockBudget(tx, classId);
      return locked && (await rollWeek(tx, locked, now));
    }),
  );
}

export interface BudgetChange {
  classId: string;
  actorId: string;
  mode: 'weekly' | 'once';
  amount: number;
  dailyCap: number | null;
  now: Date;
}

/**
 * Creates or changes a class's budget. 'weekly': the class has `amount` this week (topped up from the school,
 * or the excess given back); 'once': `amount` is added to what the class has. 409 `schoolPoolTooSmall` when
 * the school has too little, and then nothing changed (not even a new budget row).
 */
export async function setClassBudget(db: Db, change: BudgetChange): Promise<BudgetRow> {
  const { classId, actorId, now } = change;
  return onceByKey(() =>
    db.transaction(async (tx) => {
      await tx
        .insert(classBudgets)
        .values({
          classId,
          mode: change.mode,
          amount: change.amount,
          dailyCap: change.dailyCap,
          balance: 0,
          periodStart: now,
          updatedBy: actorId,
          updatedAt: now,
        })
        .onConflictDoNothing();
      const locked = await lockBudget(tx, classId);
      if (!locked) throw new AppError('notFound', 404);
      const budget = await rollWeek(tx, locked, now);
      const move = { classId, schoolId: budget.schoolId, actorId, now };
      let periodStart = now;
      if (change.mode === 'weekly') {
        const diff = change.amount - budget.balance;
        if (diff > 0) await moveFromSchool(tx, { ...move, amount: diff });
        if (diff < 0) await moveToSchool(tx, { ...move, amount: -diff });
        periodStart = startOfChinaWeek(now);
      } else {
        await moveFromSchool(tx, { ...move, amount: change.amount });
      }
      const [saved] = await tx
        .update(classBudgets)
        .set({
          mode: change.mode,
          amount: change.amount,
          dailyCap: change.dailyCap,
          periodStart,
          updatedBy: actorId,
          updatedAt: now,
        })
        .where(eq(classBudgets.classId, classId))
        .returning();
      return saved!;
    }),
  );
}

/** Ends a class's budget: the rest goes back to the school. Returns what was returned; null when none. */
export async function endClassBudget(
  db: Db,
  classId: string,
  actorId: string,
  now: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const budget = await lockBudget(tx, classId);
    if (!budget) return null;
    if (budget.balance > 0)
      await moveToSchool(tx, { classId, schoolId: budget.schoolId, actorId, amount: budget.balance, now });
    await tx.delete(classBudgets).where(eq(classBudgets.classId, classId));
    return budget.balance;
  });
}

export interface ClassSpend {
  classId: string;
  userId: string;
  cost: number;
  reason: string;
  reference: string;
  idempotencyKey: string;
  now: Date;
}

export interface ClassSpendResult {
  applied: boolean;
  classBalance: number;
  dailyCap: number | null;
  spentToday: number;
  /** What the student may still spend today, after this spend. */
  leftToday: number;
}

/**
 * A student's paid call charged to their class: null when the class has no budget (they pay themselves).
 * Refused with 429 when the class's balance or the student's daily cap cannot cover `cost`.
 */
export async function spendFromClass(db: Db, spend: ClassSpend): Promise<ClassSpendResult | null> {
  if (!Number.isInteger(spend.cost) || spend.cost <= 0)
    throw new Error('a class spend must be a positive integer');
  return onceByKey(() =>
    db.transaction(async (tx) => {
      const locked = await lockBudget(tx, spend.classId);
      if (!locked) return null;
      const budget = await rollWeek(tx, locked, spend.now);
      const spent = await classSpentToday(tx, spend.classId, spend.now, spend.userId);
      const state = (balance: number, spentToday: number, applied: boolean) => ({
        applied,
        classBalance: balance,
        dailyCap: budget.dailyCap,
        spentToday,
        leftToday: leftToday(balance, budget.dailyCap, spentToday),
      });
      if (await keySeen(tx, spend.idempotencyKey)) return state(budget.balance, spent, false);
      if (budget.balance < spend.cost) throw new ClassSpendRefusedError('classBudgetEmpty');
      if (budget.dailyCap !== null && spent + spend.cost > budget.dailyCap)
        throw new ClassSpendRefusedError('studentDailyCapReached');
      const [after] = await tx
        .update(classBudgets)
        .set({ balance: sql`${classBudgets.balance} - ${spend.cost}` })
        .where(eq(classBudgets.classId, spend.classId))
        .returning({ balance: classBudgets.balance });
      await tx.insert(creditLedger).values({
        userId: spend.userId,
        classId: spend.classId,
        delta: -spend.cost,
        balanceAfter: after!.balance,
        reason: spend.reason,
        reference: spend.reference,
        idempotencyKey: spend.idempotencyKey,
        createdAt: spend.now,
      });
      return state(after!.balance, spent + spend.cost, true);
    }),
  );
}

export interface ReserveRefund {
  /** The idempotency key of the reserve row to undo, and the refund's own key. */
  reserveKey: string;
  refundKey: string;
  reason: string;
  now: Date;
}

/**
 * Undoes a reserve on the account it charged, read from the reserve row: the user's own balance, or the
 * class's (then the balance answered is what the student may still spend today). Once per `refundKey`.
 * A class whose budget ended meanwhile hands the refund to its school, where the rest of the budget went.
 * Undefined when there is no such reserve row.
 */
export async function refundReserve(
  db: Db,
  refund: ReserveRefund,
): Promise<{ balance: number; applied: boolean } | undefined> {
  const [reserve] = await db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, refund.reserveKey));
  if (!reserve) return undefined;
  const amount = -reserve.delta;
  const reference = reserve.reference ?? undefined;
  const classId = reserve.classId;
  if (classId === null)
    return applyCreditChange(db, {
      userId: reserve.userId,
      delta: amount,
      reason: refund.reason,
      reference,
      idempotencyKey: refund.refundKey,
    });
  return onceByKey(() =>
    db.transaction(async (tx) => {
      const budget = await lockBudget(tx, classId);
      const studentLeft = async (applied: boolean) => {
        if (!budget) return { balance: await userBalance(tx, reserve.userId), applied };
        const [row] = await tx
          .select({ balance: classBudgets.balance })
          .from(classBudgets)
          .where(eq(classBudgets.classId, classId));
        const spent = await classSpentToday(tx, classId, refund.now, reserve.userId);
        return { balance: leftToday(row?.balance ?? 0, budget.dailyCap, spent), applied };
      };
      if (await keySeen(tx, refund.refundKey)) return studentLeft(false);
      if (budget) {
        const [after] = await tx
          .update(classBudgets)
          .set({ balance: sql`${classBudgets.balance} + ${amount}` })
          .where(eq(classBudgets.classId, classId))
          .returning({ balance: classBudgets.balance });
        await tx.insert(creditLedger).values({
          userId: reserve.userId,
          classId,
          delta: amount,
          balanceAfter: after!.balance,
          reason: refund.reason,
          reference,
          idempotencyKey: refund.refundKey,
          createdAt: refund.now,
        });
        return studentLeft(true);
      }
      const schoolId = await schoolOfClass(tx, classId);
      if (!schoolId) return studentLeft(false);
      const [school] = await tx
        .update(users)
        .set({ creditBalance: sql`${users.creditBalance} + ${amount}` })
        .where(eq(users.id, schoolId))
        .returning({ balance: users.creditBalance });
      await tx.insert(creditLedger).values({
        userId: schoolId,
        delta: amount,
        balanceAfter: school!.balance,
        reason: refund.reason,
        reference,
        idempotencyKey: refund.refundKey,
        createdAt: refund.now,
      });
      return studentLeft(true);
    }),
  );
}

/** The school of a class, also after the class was deleted (from its allocation rows, which outlive it). */
async function schoolOfClass(tx: Tx, classId: string): Promise<string | undefined> {
  const [klass] = await tx.select({ ownerId: classes.ownerId }).from(classes).where(eq(classes.id, classId));
  if (klass) return klass.ownerId;
  const [allocated] = await tx
    .select({ userId: creditLedger.userId })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.reference, classId),
        eq(creditLedger.reason, ALLOCATE_REASON),
        isNull(creditLedger.classId),
      ),
    )
    .limit(1);
  return allocated?.userId;
}

/**
 * Before an account that spent or allocated class credits is deleted (a student, a teacher): its class rows
 * are handed to the school, so a class's rows still add up to its balance and the history stays (the
 * account's own rows go with it, by the foreign key). `reference` keeps pointing at what the row was for.
 */
export async function keepClassHistory(db: Runner, userId: string, schoolId: string): Promise<void> {
  await db
    .update(creditLedger)
    .set({ userId: schoolId })
    .where(and(eq(creditLedger.userId, userId), sql`${creditLedger.classId} is not null`));
}
