/**
 * A class signing in at once: N accounts (50 by default) send their password login in the same instant,
 * each on its own connection, to the real app. Prints every login's latency as p50 / p99 / max, whether
 * all were answered `status: 1`, and — to show that nothing else queues behind the password hashes — the
 * latency of a small static file and of `/healthz` fetched in the middle of the burst.
 * Budget (issue 10): all answered, p99 ≤ 2 s on an idle 2-core machine, scrypt cost unchanged.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { passwordDigest, STATUS_OK } from '@ai-edu/contract';
import { createUser } from '../../apps/server/src/modules/admin/service.ts';
import type { RunningApp } from './harness.ts';

export interface SignInResult {
  logins: number;
  ok: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The web app's index.html (read from disk) fetched while the logins were in flight; its HTTP status. */
  staticMs: number;
  staticStatus: number;
  healthMs: number;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

export async function classSignIn(app: RunningApp, logins = 50): Promise<SignInResult> {
  const prefix = `class-${randomBytes(3).toString('hex')}-`;
  const password = 'Class2026ok';
  const accounts = Array.from({ length: logins }, (_, i) => `${prefix}${i}@example.com`);
  for (const account of accounts)
    await createUser(app.database.db, { account, password, vip: 1, admin: false }, new Date());

  // One connection per pupil, as 50 browsers would have: no client-side queue in front of the server.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const digest = passwordDigest(password);
  try {
    const burst = accounts.map((account) =>
      timed(async () => {
        const res = await request(agent, `${app.url}/api/login_zm`, {
          method: 'POST',
          body: new URLSearchParams({ account, password: digest }).toString(),
        });
        return (JSON.parse(res.body) as { status: number }).status;
      }),
    );
    // In the middle of the burst: what a pupil opening the page (a file read) or a health check waits.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [page, health] = await Promise.all([
      timed(() => request(agent, `${app.url}/`, { method: 'GET' })),
      timed(() => request(agent, `${app.url}/healthz`, { method: 'GET' })),
    ]);
    const results = await Promise.all(burst);
    const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
    return {
      logins,
      ok: results.filter((r) => r.value === STATUS_OK).length,
      p50Ms: Math.round(percentile(sorted, 0.5)),
      p99Ms: Math.round(percentile(sorted, 0.99)),
      maxMs: Math.round(sorted.at(-1) ?? 0),
      staticMs: Math.round(page.ms),
      staticStatus: page.value.status,
      healthMs: Math.round(health.ms),
    };
  } finally {
    agent.destroy();
  }
}

function request(
  agent: http.Agent,
  url: string,
  options: { method: 'GET' | 'POST'; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: options.method,
        headers: options.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
