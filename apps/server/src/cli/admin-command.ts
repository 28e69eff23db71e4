/**
 * The admin command behind `npm run admin -- <command> --flag value` (admin.ts runs it as a program). Prints
 * the resulting user as one JSON line.
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
import { openDatabase, type Db } from '@ai-edu/db';
import { loadConfig } from '../config.ts';
import { acquireLock, releaseLock } from '../lib/data-lock.ts';
import { postJsonToServer } from '../lib/loopback-post.ts';
import {
  AdminCommandError,
  adminCommandSchemas,
  isAdminCommand,
  runAdminCommand,
} from '../modules/admin/service.ts';
import { CommandFailure, type CommandContext } from './program.ts';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [flags]
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

export interface AdminRequest {
  command: string;
  flags: Record<string, unknown>;
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

/** The command line read and checked, before any database is touched (or locked); undefined for help. */
export function parseAdminArgs(argv: string[]): AdminRequest | undefined {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') return undefined;
  if (!isAdminCommand(command)) throw new CommandFailure(`Unknown command '${command}'.\n${ADMIN_USAGE}`);
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
  if (stray.length) {
    throw new CommandFailure(
      `${command} does not take ${stray.map((f) => `--${f}`).join(', ')}.\n${ADMIN_USAGE}`,
    );
  }
  const flags: Record<string, unknown> = { ...values };
  if (command === 'contacts') {
    if (!values.file) throw new CommandFailure(`contacts needs --file.\n${ADMIN_USAGE}`);
    try {
      flags.document = readFileSync(values.file, 'utf8');
    } catch (error) {
      throw new CommandFailure(`Cannot read ${values.file}: ${(error as Error).message}`);
    }
    delete flags.file;
  }
  const checked = adminCommandSchemas[command].safeParse(flags);
  if (!checked.success) {
    throw new CommandFailure(
      `Invalid flags for ${command}: ${checked.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return { command, flags };
}

/** Runs a checked command on an open database; the command's own refusals become clear failures. */
export async function runOnDatabase(db: Db, { command, flags }: AdminRequest): Promise<unknown> {
  try {
    return await runAdminCommand(db, command, flags);
  } catch (error) {
    if (error instanceof AdminCommandError) throw new CommandFailure(error.message);
    throw error;
  }
}

/** Over http, or over https trusting the local CA (HTTPS=auto) in the data folder (lib/loopback-post.ts). */
async function viaServer(
  url: string,
  token: string,
  { command, flags }: AdminRequest,
  dataDir: string,
): Promise<unknown> {
  const caFile = path.join(dataDir, 'https', 'school-ca.crt');
  const response = await postJsonToServer(
    `${url}/api/admin/cli`,
    { 'x-admin-token': token },
    { command, flags },
    existsSync(caFile) ? readFileSync(caFile, 'utf8') : undefined,
  ).catch((error: Error) => {
    throw new CommandFailure(`The server at ${url} did not answer: ${error.message}`);
  });
  const body = response.json as {
    ok?: boolean;
    result?: unknown;
    error?: string;
    message?: string;
  };
  if (response.status !== 200 || !body.ok) {
    throw new CommandFailure(body.error ?? body.message ?? `The server answered HTTP ${response.status}.`);
  }
  return body.result;
}

/** Runs the request where the settings say the data is: PostgreSQL, the running server, or the data folder. */
async function runWhereTheDataIs(env: CommandContext['env'], request: AdminRequest): Promise<unknown> {
  const config = loadConfig(env);
  if (config.databaseUrl) {
    const database = openDatabase({ engine: 'postgres', url: config.databaseUrl });
    try {
      await database.migrate();
      return await runOnDatabase(database.db, request);
    } finally {
      await database.close();
    }
  }

  const lock = acquireLock(config.dataDir, { pid: process.pid, kind: 'cli' });
  if (!lock.ok) {
    const { holder } = lock;
    if (holder.kind === 'server' && holder.url && holder.adminToken) {
      return viaServer(holder.url, holder.adminToken, request, config.dataDir);
    }
    throw new CommandFailure(
      holder.kind === 'server'
        ? `The server (pid ${holder.pid}) is starting with ${config.dataDir}; try again in a few seconds.`
        : `Another admin command (pid ${holder.pid}) is using ${config.dataDir}; wait for it to finish.`,
    );
  }
  const database = openDatabase({ engine: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    return await runOnDatabase(database.db, request);
  } finally {
    await database.close();
    releaseLock(config.dataDir);
  }
}

/** The command with a given way to run a checked request (tests run it on a database of their own). */
export function adminCommandWith(run: (request: AdminRequest) => Promise<unknown>) {
  return async ({ argv, out }: CommandContext): Promise<void> => {
    const request = parseAdminArgs(argv);
    if (!request) {
      out(ADMIN_USAGE);
      return;
    }
    out(JSON.stringify(await run(request)));
  };
}

export function adminCommand(context: CommandContext): Promise<void> {
  return adminCommandWith((request) => runWhereTheDataIs(context.env, request))(context);
}
