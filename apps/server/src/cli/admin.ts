/**
 * Admin CLI: `npm run admin -- <command> --flag value`. Prints the resulting user as one JSON line.
 *
 *   create-user --account A [--password P] [--vip 0|1|2] [--days N] [--company NAME] [--credits N] [--admin]
 *   set-vip     --account A --vip V [--days N]
 *   grant       --account A --credits N [--reason TEXT]
 *   lab-access  (--account A | --company NAME) --deny slug1,slug2   (an empty --deny '' opens all labs)
 *   contacts    --file contacts.json                                (replaces the contact list whole)
 *
 * On PostgreSQL it works on the database directly. On the embedded database it goes through the running
 * server when there is one (PGlite serves a single process), or opens the database itself otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@ai-edu/db';
import { ConfigError, loadConfig } from '../config.ts';
import { acquireLock, releaseLock } from '../lib/data-lock.ts';
import { postJsonToServer } from '../lib/loopback-post.ts';
import {
  AdminCommandError,
  adminCommandSchemas,
  isAdminCommand,
  runAdminCommand,
} from '../modules/admin/service.ts';

const USAGE = `Usage: npm run admin -- <command> [flags]
  create-user --account A [--password P] [--vip 0|1|2] [--days N] [--company NAME] [--credits N] [--admin]
  set-vip     --account A --vip 0|1|2 [--days N]
  grant       --account A --credits N [--reason TEXT]
  lab-access  (--account A | --company NAME) --deny slug1,slug2   (--deny '' opens every lab again)
  contacts    --file contacts.json`;

/** The flags each command takes on the command line (contacts reads its --file into the command). */
const CLI_FLAGS: Record<string, string[]> = {
  'create-user': ['account', 'password', 'vip', 'days', 'company', 'credits', 'admin'],
  'set-vip': ['account', 'vip', 'days'],
  grant: ['account', 'credits', 'reason'],
  'lab-access': ['account', 'company', 'deny'],
  contacts: ['file'],
};

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function viaServer(
  url: string,
  token: string,
  command: string,
  flags: Record<string, unknown>,
  dataDir: string,
) {
  const caFile = path.join(dataDir, 'https', 'school-ca.crt');
  const response = await postJsonToServer(
    `${url}/api/admin/cli`,
    { 'x-admin-token': token },
    { command, flags },
    existsSync(caFile) ? readFileSync(caFile, 'utf8') : undefined,
  ).catch((error: Error) => fail(`The server at ${url} did not answer: ${error.message}`));
  const body = response.json as {
    ok?: boolean;
    result?: unknown;
    error?: string;
    message?: string;
  };
  if (response.status !== 200 || !body.ok)
    fail(body.error ?? body.message ?? `The server answered HTTP ${response.status}.`);
  return body.result;
}

/** `--credits -20` reads as a value, not as an unknown flag: join it as `--credits=-20`. */
function joinNegativeNumbers(args: string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    const last = out.at(-1);
    if (/^-\d+$/.test(arg) && last?.startsWith('--') && !last.includes('='))
      out[out.length - 1] = `${last}=${arg}`;
    else out.push(arg);
  }
  return out;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return;
  }
  if (!isAdminCommand(command)) fail(`Unknown command '${command}'.\n${USAGE}`);
  const { values } = parseArgs({
    args: joinNegativeNumbers(rest),
    strict: true,
    options: {
      account: { type: 'string' },
      password: { type: 'string' },
      vip: { type: 'string' },
      days: { type: 'string' },
      company: { type: 'string' },
      credits: { type: 'string' },
      reason: { type: 'string' },
      deny: { type: 'string' },
      file: { type: 'string' },
      admin: { type: 'boolean' },
    },
  });
  const known = CLI_FLAGS[command] ?? [];
  const stray = Object.keys(values).filter((flag) => !known.includes(flag));
  if (stray.length) fail(`${command} does not take ${stray.map((f) => `--${f}`).join(', ')}.\n${USAGE}`);
  const flags: Record<string, unknown> = { ...values };
  if (command === 'contacts') {
    if (!values.file) fail(`contacts needs --file.\n${USAGE}`);
    try {
      flags.document = readFileSync(values.file, 'utf8');
    } catch (error) {
      fail(`Cannot read ${values.file}: ${(error as Error).message}`);
    }
    delete flags.file;
  }
  // Refuse bad flags before touching (and locking) any database.
  const checked = adminCommandSchemas[command].safeParse(flags);
  if (!checked.success) {
    fail(
      `Invalid flags for ${command}: ${checked.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }

  const config = loadConfig();
  if (config.databaseUrl) {
    const database = openDatabase({ engine: 'postgres', url: config.databaseUrl });
    try {
      await database.migrate();
      console.log(JSON.stringify(await runAdminCommand(database.db, command, flags)));
    } finally {
      await database.close();
    }
    return;
  }

  const lock = acquireLock(config.dataDir, { pid: process.pid, kind: 'cli' });
  if (!lock.ok) {
    const { holder } = lock;
    if (holder.kind === 'server' && holder.url && holder.adminToken) {
      console.log(
        JSON.stringify(await viaServer(holder.url, holder.adminToken, command, flags, config.dataDir)),
      );
      return;
    }
    fail(
      holder.kind === 'server'
        ? `The server (pid ${holder.pid}) is starting with ${config.dataDir}; try again in a few seconds.`
        : `Another admin command (pid ${holder.pid}) is using ${config.dataDir}; wait for it to finish.`,
    );
  }
  const database = openDatabase({ engine: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    console.log(JSON.stringify(await runAdminCommand(database.db, command, flags)));
  } finally {
    await database.close();
    releaseLock(config.dataDir);
  }
}

main().catch((error: unknown) => {
  if (error instanceof AdminCommandError || error instanceof ConfigError) fail(error.message);
  if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    fail(`${error.message}\n${USAGE}`);
  }
  console.error(error);
  process.exit(1);
});
