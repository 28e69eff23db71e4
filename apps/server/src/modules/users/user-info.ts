/**
 * The getUserInfo answer (spec §3) for a signed-in caller, with what changes by the minute: the labs open
 * now (a lesson may lock some, issue 16) and, for a student whose class has a credit budget, what they may
 * still spend today as the points balance.
 */
import { ACCOUNT_TYPE_STUDENT, type UserInfo } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { Caller } from '../../plugins/session.ts';
import { studentBudgetOf } from '../class-budgets/service.ts';
import { labsOpenNow } from '../labs/access.ts';
import { toUserInfo } from './accounts.ts';

export async function userInfoFor(db: Db, caller: Caller, now: Date): Promise<UserInfo> {
  // Only student accounts are members of classes (a class makes them): anyone else is answered from the
  // session row alone, as before, which keeps this hot path at one (cached, on PGlite) query for them.
  if (caller.user.accountType !== ACCOUNT_TYPE_STUDENT)
    return toUserInfo(caller.user, caller.token, caller.labs, now);
  const [labs, budget] = await Promise.all([
    labsOpenNow(db, caller.user, caller.labs, now),
    studentBudgetOf(db, caller.user.id, now),
  ]);
  const info = toUserInfo(caller.user, caller.token, labs, now);
  if (budget) info.quotaInfo.total_balance = budget.leftToday;
  return info;
}
