import { describe, expect, it } from 'vitest';
import { budgetInputSchema, type ClassBudget } from '@ai-edu/contract';
import { budgetFormValues, budgetRequest, capPercent, creditsMoved } from './budget-form.ts';

const budget = (over: Partial<ClassBudget> = {}): ClassBudget => ({
  mode: 'weekly',
  amount: 100,
  dailyCap: 5,
  balance: 30,
  periodStart: '2026-11-23T00:00:00.000+08:00',
  spentToday: 70,
  schoolBalance: 900,
  students: [],
  ...over,
});

describe('the class budget form', () => {
  it('starts from the class’s budget, or a weekly one to fill in', () => {
    expect(budgetFormValues(null)).toEqual({ mode: 'weekly', amount: null, dailyCap: null });
    expect(budgetFormValues(budget({ mode: 'once', amount: 20, dailyCap: null }))).toEqual({
      mode: 'once',
      amount: 20,
      dailyCap: null,
    });
  });

  it('sends what the contract accepts; an empty cap is no cap', () => {
    const capped = budgetRequest({ mode: 'once', amount: 20, dailyCap: 5 });
    expect(capped).toEqual({ mode: 'once', amount: 20, dailyCap: 5 });
    expect(budgetInputSchema.safeParse(capped).success).toBe(true);
    const uncapped = budgetRequest({ mode: 'weekly', amount: 50, dailyCap: null });
    expect(uncapped.dailyCap).toBeNull();
    expect(budgetInputSchema.safeParse(uncapped).success).toBe(true);
  });

  it('says what a save takes from the school’s pool', () => {
    // A one-off adds its whole amount.
    expect(creditsMoved({ mode: 'once', amount: 20, dailyCap: null }, budget())).toBe(20);
    // A weekly budget sets the class to its amount: 30 left → 70 more, or 20 given back for 10 a week.
    expect(creditsMoved({ mode: 'weekly', amount: 100, dailyCap: null }, budget())).toBe(70);
    expect(creditsMoved({ mode: 'weekly', amount: 10, dailyCap: null }, budget())).toBe(-20);
    expect(creditsMoved({ mode: 'weekly', amount: 40, dailyCap: null }, null)).toBe(40);
  });

  it('shows a student’s spending against the cap', () => {
    expect(capPercent(2, 5)).toBe(40);
    expect(capPercent(7, 5)).toBe(100);
    expect(capPercent(3, null)).toBe(0);
  });
});
