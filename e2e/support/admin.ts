/**
 * Admin commands (`npm run admin -- …`) against the test server: with a server running on the embedded
 * database, the CLI sends each command to the server's `/api/admin/cli` with the token the server left in its
 * data directory's lock file. This does the same from the test process: spawning the CLI (Node and tsx
 * loading the server's code) cost seconds of a 2-core machine per account. The CLI itself, its parsing and
 * its way through a running server, is tested in apps/server/src/cli/admin.test.ts.
 */
import { readLock } from '../../apps/server/src/lib/data-lock.ts';

export async function admin(
  dataDir: string,
  command: string,
  /** As on the command line (`true`: a bare switch such as `--admin`); `contacts` takes the file's text as `document`. */
  flags: Record<string, string | true>,
): Promise<unknown> {
  const lock = readLock(dataDir);
  if (!lock?.url || !lock.adminToken) throw new Error(`no running server holds ${dataDir}`);
  const response = await fetch(`${lock.url}/api/admin/cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': lock.adminToken },
    body: JSON.stringify({ command, flags }),
  });
  const reply = (await response.json().catch(() => ({}))) as { ok?: boolean; result?: unknown };
  if (!response.ok || !reply.ok) {
    throw new Error(`admin ${command} failed: HTTP ${response.status} ${JSON.stringify(reply)}`);
  }
  return reply.result;
}

export interface TestAccount {
  account: string;
  password: string;
}

export async function createUser(
  dataDir: string,
  user: TestAccount & { vip: 0 | 1 | 2; days?: number; company?: string; credits?: number },
): Promise<TestAccount> {
  const flags: Record<string, string> = {
    account: user.account,
    password: user.password,
    vip: String(user.vip),
  };
  if (user.days !== undefined) flags.days = String(user.days);
  if (user.company !== undefined) flags.company = user.company;
  if (user.credits !== undefined) flags.credits = String(user.credits);
  await admin(dataDir, 'create-user', flags);
  return { account: user.account, password: user.password };
}

export async function denyLabs(dataDir: string, account: string, slugs: string[]): Promise<void> {
  await admin(dataDir, 'lab-access', { account, deny: slugs.join(',') });
}

export async function replaceContacts(dataDir: string, contacts: unknown[]): Promise<void> {
  await admin(dataDir, 'contacts', { document: JSON.stringify(contacts) });
}

/** An administrator account (the AI labs show an admin how to set up a provider). */
export async function createAdmin(dataDir: string): Promise<TestAccount> {
  const account = { account: 'root@example.com', password: 'Admin1234' };
  await admin(dataDir, 'create-user', { ...account, admin: true });
  return account;
}
