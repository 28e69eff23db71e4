/**
 * Class credit budgets (issue 16): what a class's budget looks like to its staff and to a student, and the
 * actions on it. The ledger side (moving credits, spending, the weekly refill) is the credits service's.
 */
import type { BudgetInput, ClassBudget, MyClass, StudentBudget } from '@ai-edu/contract';
import { REVIEWED_LABS } from '@ai-edu/contract';
import { classStudents, creditLedger, users, type Db } from '@ai-edu/db';
import { and, asc, eq, gte, notLike, sql } from 'drizzle-orm';
import { schoolSettingsOf } from '../ai-review/settings.ts';
import { classOfStudent, whoToAsk, type ClassRow } from '../classes/access.ts';
import {
  classSpentToday,
  endClassBudget,
  leftToday,
  setClassBudget,
  settledBudget,
  type BudgetRow,
} from '../credits/class-credits.ts';
import { startOfChinaDay } from '../credits/china-time.ts';
import { activeLessonFor } from '../lessons/service.ts';

/** The class's budget for its staff (weekly refill settled first); null when the class has none. */
export async function classBudgetOf(db: Db, klass: ClassRow, now: Date): Promise<ClassBudget | null> {
  const budget = await settledBudget(db, klass.id, now);
  return budget ? describe(db, klass, budget, now) : null;
}

async function describe(db: Db, klass: ClassRow, budget: BudgetRow, now: Date): Promise<ClassBudget> {
  const spentToday = sql<number>`coalesce(-sum(${creditLedger.delta}), 0)::int`;
  const [students, [school]] = await Promise.all([
    db
      .select({ userId: classStudents.userId, displayName: classStudents.displayName, spentToday })
      .from(classStudents)
      .leftJoin(
        creditLedger,
        and(
          eq(creditLedger.classId, klass.id),
          eq(creditLedger.userId, classStudents.userId),
          notLike(creditLedger.reason, 'class:%'),
          gte(creditLedger.createdAt, startOfChinaDay(now)),
        ),
      )
      .where(eq(classStudents.classId, klass.id))
      .groupBy(classStudents.userId, classStudents.displayName, classStudents.createdAt)
      .orderBy(asc(classStudents.createdAt), asc(classStudents.displayName)),
    db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, klass.ownerId)),
  ]);
  return {
    mode: budget.mode as ClassBudget['mode'],
    amount: budget.amount,
    dailyCap: budget.dailyCap,
    balance: budget.balance,
    periodStart: budget.periodStart.toISOString(),
    // The whole class's, also from students since removed from the roster.
    spentToday: await classSpentToday(db, klass.id, now),
    schoolBalance: school?.balance ?? 0,
    students,
  };
}

/**
 * Sets the class's budget (PUT): 'weekly' tops the class up to `amount` for this week (or gives the excess
 * back), 'once' adds `amount`. 409 `schoolPoolTooSmall` when the school cannot cover it; nothing moves then.
 */
export async function saveClassBudget(
  db: Db,
  klass: ClassRow,
  actorId: string,
  input: BudgetInput,
  now: Date,
): Promise<ClassBudget> {
  const budget = await setClassBudget(db, { classId: klass.id, actorId, ...input, now });
  return describe(db, klass, budget, now);
}

/**
 * Ends a class's budget: what is left goes back to the school and the budget is deleted, so its students
 * spend their own credits again. Returns the credits returned (0 when there was no budget). The class's
 * deletion calls this first, so no allocation is lost with the class.
 */
export async function closeClassBudget(db: Db, classId: string, actorId: string, now: Date): Promise<number> {
  return (await endClassBudget(db, classId, actorId, now)) ?? 0;
}

/** What a student in a budgeted class may still spend today; undefined when their class has no budget. */
export async function studentBudgetOf(db: Db, userId: string, now: Date): Promise<StudentBudget | undefined> {
  const student = await classOfStudent(db, userId);
  return student && budgetFor(db, student.klass, userId, now);
}

async function budgetFor(
  db: Db,
  klass: ClassRow,
  userId: string,
  now: Date,
): Promise<StudentBudget | undefined> {
  const budget = await settledBudget(db, klass.id, now);
  if (!budget) return undefined;
  const spentToday = await classSpentToday(db, klass.id, now, userId);
  return {
    classId: klass.id,
    className: klass.name,
    leftToday: leftToday(budget.balance, budget.dailyCap, spentToday),
    classBalance: budget.balance,
    dailyCap: budget.dailyCap,
    spentToday,
  };
}

/** A student's own class (GET /api/classes/mine): who to ask, their budget, the lesson, what is reviewed. */
export async function myClassOf(db: Db, userId: string, now: Date): Promise<MyClass | null> {
  const student = await classOfStudent(db, userId);
  if (!student) return null;
  const { klass } = student;
  const [teachers, budget, lesson, settings] = await Promise.all([
    whoToAsk(db, klass),
    budgetFor(db, klass, userId, now),
    activeLessonFor(db, klass.id, now),
    schoolSettingsOf(db, student.schoolId),
  ]);
  return {
    classId: klass.id,
    className: klass.name,
    teachers,
    budget: budget ?? null,
    lesson,
    review: {
      labs: [...REVIEWED_LABS],
      retentionDays: settings.retentionDays,
      wordList: settings.blockedWords.length > 0,
    },
  };
}
