/**
 * The admin CLI. What each command does and how it refuses mistakes runs in this process on the file's own
 * database (a child process costs a Node start, the TypeScript transform and, on the embedded database, a
 * PGlite start: seconds each on a loaded 2-core machine). As an operator runs it, a child process with its
 * own environment: in the server:pglite project on the embedded database in a fresh DATA_DIR, in
 * server:postgres on a PostgreSQL database (DATABASE_URL passed to the child). The running-server part always
 * uses the embedded database, since only there does the CLI have to go through the server (PGlite serves a
 * single process), so it runs in the server:pglite project only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACCOUNT_TYPE_CAMPUS,
  ACCOUNT_TYPE_PERSONAL,
  ACCOUNT_TYPE_STUDENT,
  STATUS_OK,
} from '@ai-edu/contract';
import { users } from '@ai-edu/db';
import { createTestDatabase, testEngine, type TestDatabase } from '@ai-edu/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USAGE, adminCommandWith, runOnDatabase } from './admin-command.ts';
import { runCommand } from './program.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = 'apps/server/src/cli/admin.ts';
const MAIN = 'apps/server/src/main.ts';
const CLIENT_SECRET = 'cli-test-client-secret';
/** A child that opens PGlite, migrates and answers takes seconds; several of them run in one test. */
const SLOW = 180_000;

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

const children = new Set<ChildProcess>();

function start(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // `node --import tsx` rather than the tsx binary: the child's pid is then the program's own pid.
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function collect(child: ChildProcess): { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  return { out: () => out, err: () => err };
}

function exited(child: ChildProcess, output: ReturnType<typeof collect>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: output.out(), stderr: output.err() }));
  });
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Exit> {
  const child = start(script, args, env);
  return exited(child, collect(child));
}

/** The environment of a child: ours without any database setting, plus what the test gives. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORT', 'HOST', 'TEST_DB']) delete env[name];
  return {
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'never',
    CLIENT_SECRET,
    SMS_PROVIDER: 'none',
    ...extra,
  };
}

interface UserLine {
  id: string;
  account: string;
  role: string;
  vip: number;
  accountType: string;
  validUntil: string | null;
  leftValidDays: number;
  companyName: string;
  credits: number;
  hasPassword: boolean;
}

/** A successful command prints exactly one line: the resulting user as JSON. */
function userOf(result: Exit): UserLine {
  expect(result.stderr).not.toMatch(/error/i);
  expect(result.code).toBe(0);
  const lines = result.stdout.split('\n').filter((line) => line.trim() !== '');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as UserLine;
}

function failure(result: Exit, message: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(message);
  // A clear message, not a stack trace.
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe(`admin CLI on ${testEngine() === 'postgres' ? 'PostgreSQL' : 'the embedded database'}`, () => {
  let dataDir: string;
  let database: TestDatabase;
  /** The command line as the program reads it, run in this process on this file's database. */
  const cli = async (...args: string[]): Promise<Exit> => {
    let stdout = '';
    let stderr = '';
    const code = await runCommand(
      adminCommandWith((request) => runOnDatabase(database.db, request)),
      {
        argv: args,
        env: {},
        out: (line) => (stdout += `${line}\n`),
        err: (line) => (stderr += `${line}\n`),
      },
      { usage: ADMIN_USAGE },
    );
    return { code, stdout, stderr };
  };
  /** `npm run admin` as an operator runs it: a child process that finds the database from its settings. */
  const program = (...args: string[]) =>
    run(CLI, args, childEnv({ DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) }));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'admin-cli-test-'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'as a program, finds the database from its settings, prints the user and refuses with exit code 1',
    async () => {
      const user = userOf(
        await program('create-user', '--account', 'Operator@Example.com', '--credits', '7'),
      );
      expect(user).toMatchObject({ account: 'operator@example.com', credits: 7 });
      if (database.url) {
        // It went to the database DATABASE_URL names, and only there.
        const rows = await database.db
          .select({ id: users.id, credits: users.creditBalance })
          .from(users)
          .where(eq(users.account, 'operator@example.com'));
        expect(rows).toEqual([{ id: user.id, credits: 7 }]);
        expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
      } else {
        expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
      }
      failure(
        await program('create-user', '--account', 'OPERATOR@example.com'),
        /Account 'operator@example.com' already exists/,
      );
    },
    SLOW,
  );

  it(
    'create-user with every flag prints the resulting user',
    async () => {
      const user = userOf(
        await cli(
          'create-user',
          '--account',
          'Teacher@School.CN',
          '--password',
          'Teach1234',
          '--vip',
          '2',
          '--days',
          '30',
          '--company',
          '实验中学',
          '--credits',
          '120',
          '--admin',
        ),
      );
      expect(user).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        account: 'teacher@school.cn',
        role: 'admin',
        vip: 2,
        accountType: ACCOUNT_TYPE_CAMPUS,
        validUntil: expect.any(String) as unknown,
        leftValidDays: 30,
        companyName: '实验中学',
        credits: 120,
        hasPassword: true,
      });
      expect(ACCOUNT_TYPE_CAMPUS).toBe('校园账号');
      expect(new Date(user.validUntil!).toISOString()).toBe(user.validUntil);

      const rows = await database.db
        .select({ id: users.id, credits: users.creditBalance })
        .from(users)
        .where(eq(users.account, 'teacher@school.cn'));
      expect(rows).toEqual([{ id: user.id, credits: 120 }]);

      // Defaults: no password, vip 0, a personal account, no end date, no credits, a plain user.
      const plain = userOf(await cli('create-user', '--account', '+86 138-0013-8000'));
      expect(plain).toMatchObject({
        account: '13800138000',
        role: 'user',
        vip: 0,
        accountType: ACCOUNT_TYPE_PERSONAL,
        validUntil: null,
        leftValidDays: 0,
        companyName: '',
        credits: 0,
        hasPassword: false,
      });
    },
    SLOW,
  );

  it(
    'set-vip and grant change the user',
    async () => {
      userOf(await cli('create-user', '--account', 'pupil@example.com'));

      const student = userOf(
        await cli('set-vip', '--account', 'pupil@example.com', '--vip', '1', '--days', '10'),
      );
      expect(student).toMatchObject({ vip: 1, accountType: ACCOUNT_TYPE_STUDENT, leftValidDays: 10 });

      const granted = userOf(
        await cli('grant', '--account', 'PUPIL@example.com', '--credits', '50', '--reason', 'science fair'),
      );
      expect(granted.credits).toBe(50);
      const spent = userOf(await cli('grant', '--account', 'pupil@example.com', '--credits=-20'));
      expect(spent.credits).toBe(30);

      const back = userOf(await cli('set-vip', '--account', 'pupil@example.com', '--vip', '0'));
      expect(back).toMatchObject({
        vip: 0,
        accountType: ACCOUNT_TYPE_PERSONAL,
        validUntil: null,
        leftValidDays: 0,
        credits: 30,
      });
    },
    SLOW,
  );

  it(
    'refuses mistakes with exit code 1 and a clear message',
    async () => {
      // Mistakes caught before any database is opened.
      const [unknownCommand, unknownFlag, foreignFlag] = await Promise.all([
        cli('delete-everything', '--account', 'x@example.com'),
        cli('create-user', '--account', 'x@example.com', '--colour', 'red'),
        cli('set-vip', '--account', 'x@example.com', '--vip', '1', '--credits', '5'),
      ]);
      failure(unknownCommand, /Unknown command 'delete-everything'/);
      failure(unknownFlag, /Unknown option '--colour'/);
      failure(foreignFlag, /set-vip does not take --credits/);

      // Mistakes the command itself finds.
      failure(
        await cli('create-user', '--account', 'x@example.com', '--vip', '3'),
        /Invalid flags for create-user: --vip/,
      );
      failure(
        await cli('create-user', '--account', 'weak@example.com', '--password', 'lettersonly'),
        /password must be 8 to 12 characters, letters and digits only, with at least one of each/,
      );

      userOf(await cli('create-user', '--account', 'twice@example.com', '--credits', '5'));
      failure(
        await cli('create-user', '--account', 'TWICE@example.com'),
        /Account 'twice@example.com' already exists/,
      );
      failure(
        await cli('grant', '--account', 'twice@example.com', '--credits=-6'),
        /balance is 5; it cannot go below 0/,
      );
      failure(
        await cli('grant', '--account', 'nobody@example.com', '--credits', '1'),
        /No account 'nobody@example.com'/,
      );

      // Nothing of the refused commands was written: the balance is untouched, the weak account absent.
      expect(userOf(await cli('grant', '--account', 'twice@example.com', '--credits', '1')).credits).toBe(6);
      failure(
        await cli('set-vip', '--account', 'weak@example.com', '--vip', '1'),
        /No account 'weak@example.com'/,
      );
    },
    SLOW,
  );

  it('prints the usage for help', async () => {
    const result = await cli('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run admin -- <command>/);
    expect(result.stdout).toContain('create-user');
  });
});

// Always on the embedded database, so defined in the server:pglite project only (the same test twice otherwise).
if (testEngine() === 'pglite') describeNextToServer();

function describeNextToServer() {
  describe('admin CLI next to a running server on the embedded database', () => {
    let dataDir: string;
    let env: NodeJS.ProcessEnv;
    let server: ChildProcess;
    let serverExit: Promise<Exit>;
    let url: string;
    const cli = (...args: string[]) => run(CLI, args, env);

    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      body: new URLSearchParams(fields).toString(),
    });
    const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'admin-cli-server-test-'));
      env = childEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      server = start(MAIN, [], env);
      const output = collect(server);
      serverExit = exited(server, output);
      url = await new Promise<string>((resolve, reject) => {
        server.stdout!.on('data', () => {
          const found = /AI Lab is running at (http:\/\/\S+)\n/.exec(output.out());
          if (found) resolve(found[1]!);
        });
        void serverExit.then((exit) => reject(new Error(`the server exited (${exit.code}): ${exit.stderr}`)));
      });
    }, SLOW);

    afterAll(async () => {
      for (const child of children) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    });

    it(
      'goes through the running server, which then sees the new user',
      async () => {
        const created = userOf(
          await cli(
            'create-user',
            '--account',
            'head@school.example.cn',
            '--password',
            'Head2026ok',
            '--vip',
            '2',
            '--days',
            '365',
            '--company',
            'Example School',
          ),
        );
        expect(created).toMatchObject({
          account: 'head@school.example.cn',
          vip: 2,
          accountType: ACCOUNT_TYPE_CAMPUS,
        });

        // The server holds the database; it can log the new user in straight away.
        const login = await fetch(
          `${url}/api/login_zm`,
          form({ account: 'head@school.example.cn', password: sha256('Head2026ok') }),
        );
        const loginBody = (await login.json()) as { status: number; data: { uid: string } };
        expect(loginBody.status).toBe(STATUS_OK);
        const uid = loginBody.data.uid;
        expect(uid).toEqual(expect.any(String));

        const info = await fetch(`${url}/api/user/getUserInfo`, {
          ...form({ secret: CLIENT_SECRET }),
          headers: { ...form({}).headers, authorization: `Bearer ${uid}` },
        });
        expect(info.status).toBe(200);
        expect(await info.json()).toMatchObject({
          status: STATUS_OK,
          data: {
            account: 'head@school.example.cn',
            uid,
            accountType: ACCOUNT_TYPE_CAMPUS,
            authInfo: {
              vip: 2,
              account_type: ACCOUNT_TYPE_CAMPUS,
              left_valid_time: 365,
              company_name: 'Example School',
            },
          },
        });

        // Later commands and their mistakes go the same way.
        expect(
          userOf(await cli('grant', '--account', 'head@school.example.cn', '--credits', '40')).credits,
        ).toBe(40);
        failure(
          await cli('grant', '--account', 'head@school.example.cn', '--credits=-41'),
          /cannot go below 0/,
        );
      },
      SLOW,
    );

    it(
      'a second server on the same DATA_DIR refuses to start',
      async () => {
        const second = start(MAIN, [], env);
        const output = collect(second);
        const exit = await Promise.race([
          exited(second, output),
          new Promise<Exit>((resolve) =>
            second.stdout!.on('data', () => {
              if (output.out().includes('AI Lab is running at')) {
                second.kill('SIGKILL');
                resolve({
                  code: -1,
                  stdout: output.out(),
                  stderr: 'a second server started on the same DATA_DIR',
                });
              }
            }),
          ),
        ]);
        expect(exit.stderr).toContain(`Another server (pid ${server.pid}, ${url}) is using ${dataDir}`);
        expect(exit.stderr).toContain('Stop it first, or set DATA_DIR to another folder.');
        expect(exit.code).toBe(1);
        // The first one is still serving.
        const health = await fetch(`${url}/healthz`);
        expect(health.status).toBe(200);
      },
      SLOW,
    );

    it(
      'once the server has stopped, the CLI opens the database itself and finds what went through the server',
      async () => {
        server.kill('SIGTERM');
        const exit = await serverExit;
        expect(exit.code).toBe(0);
        expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

        const user = userOf(await cli('set-vip', '--account', 'head@school.example.cn', '--vip', '1'));
        expect(user).toMatchObject({
          vip: 1,
          accountType: ACCOUNT_TYPE_STUDENT,
          credits: 40,
          hasPassword: true,
        });
        expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
      },
      SLOW,
    );
  });
}
