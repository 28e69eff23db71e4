/** The class budget form: its values, the request it sends and what a save moves from the school's pool. */
import type { BudgetInput, ClassBudget } from '@ai-edu/contract';

export interface BudgetFormValues {
  mode: BudgetInput['mode'];
  amount: number | null;
  /** Empty (null) for no cap. */
  dailyCap: number | null;
}

/** The form's start: the class's budget, or a weekly one to fill in. */
export function budgetFormValues(budget: ClassBudget | null | undefined): BudgetFormValues {
  return budget
    ? { mode: budget.mode, amount: budget.amount, dailyCap: budget.dailyCap }
    : { mode: 'weekly', amount: null, dailyCap: null };
}

/** The PUT body; an empty or zero cap means no cap. */
export function budgetRequest(values: BudgetFormValues): BudgetInput {
  return {
    mode: values.mode,
    amount: Math.trunc(values.amount ?? 0),
    dailyCap: values.dailyCap ? Math.trunc(values.dailyCap) : null,
  };
}

/**
 * Credits a save takes from the school's pool now (negative: given back to it), as the server moves them: a
 * one-off adds its whole amount to the class; a weekly budget sets the class to its amount, so a class with
 * more than that gives the rest back.
 */
export function creditsMoved(values: BudgetFormValues, budget: ClassBudget | null | undefined): number {
  const amount = Math.trunc(values.amount ?? 0);
  if (values.mode === 'once') return amount;
  return amount - (budget?.balance ?? 0);
}

/** A student's spending today against the cap, as a percentage for a progress bar (0 without a cap). */
export function capPercent(spentToday: number, dailyCap: number | null): number {
  if (!dailyCap) return 0;
  return Math.min(100, Math.round((spentToday / dailyCap) * 100));
}
