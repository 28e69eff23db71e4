/** Which class-credits line a paid lab shows a student in a budgeted class (issue 16). */
import { CREDIT_COSTS, type StudentBudget } from '@ai-edu/contract';

/** Labs that spend credits (including the ones with a free mode and a paid button). */
export function isPaidLab(slug: string): boolean {
  return Object.hasOwn(CREDIT_COSTS, slug);
}

export type CreditsLine =
  | { key: 'credits.usedUp'; values: { teachers: string } }
  | { key: 'credits.left'; values: { left: number } }
  | { key: 'credits.leftWithCap'; values: { left: number; cap: number } };

/** Null when the class has no budget (the student spends their own credits, as the navbar shows). */
export function creditsLine(
  budget: StudentBudget | null | undefined,
  teachers: readonly string[],
  separator: string,
): CreditsLine | null {
  if (!budget) return null;
  const left = Math.max(0, budget.leftToday);
  if (left === 0) return { key: 'credits.usedUp', values: { teachers: teachers.join(separator) } };
  if (budget.dailyCap === null) return { key: 'credits.left', values: { left } };
  return { key: 'credits.leftWithCap', values: { left, cap: budget.dailyCap } };
}
