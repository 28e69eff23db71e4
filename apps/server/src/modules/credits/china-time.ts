/** Day and week boundaries in China Standard Time (UTC+8), where daily caps and weekly budgets reset. */
const CHINA_OFFSET_MS = 8 * 3600_000;

/** Start of the current day in China Standard Time (UTC+8), where the daily cap resets. */
export function startOfChinaDay(now: Date): Date {
  const shifted = new Date(now.getTime() + CHINA_OFFSET_MS);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - CHINA_OFFSET_MS);
}

/** Start of the current week (Monday 00:00 China time), where a weekly class budget refills. */
export function startOfChinaWeek(now: Date): Date {
  const day = startOfChinaDay(now);
  // getUTCDay of the shifted date is the weekday in China: 0 Sunday … 6 Saturday.
  const weekday = new Date(day.getTime() + CHINA_OFFSET_MS).getUTCDay();
  return new Date(day.getTime() - ((weekday + 6) % 7) * 86_400_000);
}

/** The China-time calendar date of a boundary (YYYY-MM-DD), for idempotency keys. */
export const chinaDate = (at: Date) => new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
