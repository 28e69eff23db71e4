/**
 * Ledger spends per second, straight through the credits service (no HTTP): `concurrency` workers spend 1
 * credit at a time for `durationSec`, either all on one account (they contend for its row) or spread over
 * many accounts. Every spend is a real transaction: ledger row plus conditional balance update.
 */
import type { Database } from '@ai-edu/db';
import { createUser } from '../../apps/server/src/modules/admin/service.ts';
import { applyCreditChange } from '../../apps/server/src/modules/credits/service.ts';

export interface SpendResult {
  spendsPerSec: number;
  spends: number;
  refused: number;
}

async function makeAccounts(database: Database, count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(
      database.db,
      { account: `${prefix}${i}@bench.test`, vip: 0, credits: 100_000_000, admin: false },
      new Date(),
    );
    ids.push(user.id);
  }
  return ids;
}

export async function spendBenchmark(
  database: Database,
  options: { accounts: number; concurrency: number; durationSec: number; prefix: string },
): Promise<SpendResult> {
  const ids = await makeAccounts(database, options.accounts, options.prefix);
  let spends = 0;
  let refused = 0;
  const deadline = Date.now() + options.durationSec * 1000;
  const worker = async (w: number) => {
    for (let i = w; Date.now() < deadline; i += options.concurrency) {
      try {
        await applyCreditChange(database.db, { userId: ids[i % ids.length]!, delta: -1, reason: 'bench' });
        spends++;
      } catch {
        refused++;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: options.concurrency }, (_, w) => worker(w)));
  return { spendsPerSec: spends / ((Date.now() - started) / 1000), spends, refused };
}
