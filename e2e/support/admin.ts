/**
 * The admin CLI (`npm run admin -- …`) against the test server's data directory: with the server running,
 * the CLI sends each command through it. Prints one JSON line, returned parsed.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './server.ts';

const run = promisify(execFile);

export async function admin(
  dataDir: string,
  command: string,
  /** `true` passes a bare switch (`--admin`). */
  flags: Record<string, string | true>,
): Promise<unknown> {
  const args = Object.entries(flags).flatMap(([flag, value]) =>
    value === true ? [`--${flag}`] : [`--${flag}`, value],
  );
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin.ts', command, ...args],
      { cwd: repoRoot, env, timeout: 60_000 },
    );
    const line = stdout.trim().split('\n').at(-1) ?? '';
    return JSON.parse(line) as unknown;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`admin ${command} failed: ${stderr ?? ''}${stdout ?? ''}`);
  }
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
  const file = path.join(dataDir, `contacts-${Date.now()}.json`);
  await writeFile(file, JSON.stringify(contacts), 'utf8');
  await admin(dataDir, 'contacts', { file });
}
