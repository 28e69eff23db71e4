/**
 * An authenticated `POST /api/user/getUserInfo`: the request every page load of the web client makes. One
 * campus user, logged in once through the real password login; each request resolves the session by its
 * token in the database and answers the user's info.
 */
import { randomBytes } from 'node:crypto';
import { passwordDigest, STATUS_OK } from '@ai-edu/contract';
import { runAdminCommand } from '../../apps/server/src/modules/admin/service.ts';
import type { Benchmark } from './harness.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export const getUserInfo: Benchmark = {
  name: 'POST /api/user/getUserInfo',
  async prepare({ url, database, config }) {
    const account = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Bench2026ok';
    await runAdminCommand(database.db, 'create-user', {
      account,
      password,
      vip: '2',
      days: '365',
      company: 'Bench School',
    });

    const login = await fetch(`${url}/api/login_zm`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ account, password: passwordDigest(password) }).toString(),
    });
    const { status, data } = (await login.json()) as { status: number; data?: { uid?: string } };
    if (status !== STATUS_OK || !data?.uid) throw new Error(`bench login failed: HTTP ${login.status}`);

    const spec = {
      method: 'POST' as const,
      path: '/api/user/getUserInfo',
      headers: { ...FORM, authorization: `Bearer ${data.uid}` },
      body: new URLSearchParams({ secret: config.secrets.clientSecret }).toString(),
    };
    // Measure real answers, not a stream of 401s: check one by hand first.
    const check = await fetch(`${url}${spec.path}`, {
      method: 'POST',
      headers: spec.headers,
      body: spec.body,
    });
    const info = (await check.json()) as { status?: number; data?: { account?: string } };
    if (check.status !== 200 || info.status !== STATUS_OK || info.data?.account !== account) {
      throw new Error(`getUserInfo does not answer the bench user: HTTP ${check.status}`);
    }
    return spec;
  },
};
