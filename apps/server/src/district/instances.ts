/**
 * Real server instances as child processes, for the district test and bench. Each is its own Node process
 * (`node --import tsx apps/server/src/main.ts`, as `npm start` runs it): two Fastify apps in one process would
 * share module-level state (caches, in-flight maps, timers) and hide exactly the bugs a district must not have.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = 'apps/server/src/main.ts';

/** Secrets every instance of one district shares (a session or a signed link made on one works on all). */
export const DISTRICT_SECRETS = {
  ACCOUNT_SIGN_KEY: 'district-sign-key-0123456789',
  CLIENT_SECRET: 'district-client-secret-0123456789',
  CODE_SECRET: 'district-code-secret-0123456789',
  MEDIA_SECRET: 'district-media-secret-0123456789',
  SETTINGS_SECRET: 'district-settings-secret-0123456789',
} as const;

export interface Instance {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** The last output of the process (stdout and stderr), for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; removes its DATA_DIR. */
  stop(graceMs?: number): Promise<void>;
}

export interface InstanceOptions {
  /** Added to (and overriding) the instance's settings: DATABASE_URL, REDIS_URL, STORAGE_URL, LIMIT_*… */
  env: Record<string, string>;
  /**
   * How long to wait for GET /healthz to answer 200. Generous: CI runs every test project at once on 2 cores,
   * where compiling the server through tsx and migrating take many times longer (vitest's hook limit is 180 s).
   */
  startTimeoutMs?: number;
}

/** A port nobody listens on right now (the OS picks it; it is released just before the child binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps the last `max` characters a stream wrote (the pipes must be read, or a chatty child blocks). */
function tail(max = 16_000) {
  let text = '';
  return {
    add: (chunk: string) => {
      text = (text + chunk).slice(-max);
    },
    text: () => text,
  };
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Children still running; killed if this process exits without stopping them (a test run cut short). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts one instance on a free port with its own empty DATA_DIR and web folder (only the APIs are served)
 * and resolves once GET /healthz answers 200. Rejects with the child's output if it exits or the deadline
 * passes first (and then leaves nothing running).
 */
export async function startInstance({ env, startTimeoutMs = 150_000 }: InstanceOptions): Promise<Instance> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'district-data-'));
  const webDir = await mkdtemp(path.join(tmpdir(), 'district-web-'));
  const url = `http://127.0.0.1:${port}`;
  // Only what a process needs from this one: the test's own DATABASE_URL, TEST_DB etc. must not leak in.
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
      ...DISTRICT_SECRETS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = tail();
  child.stdout.setEncoding('utf8').on('data', output.add);
  child.stderr.setEncoding('utf8').on('data', output.add);
  running.add(child);
  const exited = exitOf(child).then(() => {
    running.delete(child);
  });

  const cleanup = async (graceMs: number) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await Promise.all([
      rm(dataDir, { recursive: true, force: true }),
      rm(webDir, { recursive: true, force: true }),
    ]);
  };

  let dead = false;
  void exited.then(() => (dead = true));
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (dead) {
      await cleanup(0);
      throw new Error(
        `instance on port ${port} exited (code ${child.exitCode}, signal ${child.signalCode}) before it answered /healthz:\n${output.text()}`,
      );
    }
    if (Date.now() > deadline) {
      await cleanup(2_000);
      throw new Error(
        `instance on port ${port} did not answer /healthz in ${startTimeoutMs} ms:\n${output.text()}`,
      );
    }
    const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.status === 200)
      .catch(() => false);
    if (healthy) break;
    await sleep(200);
  }

  return {
    url,
    pid: child.pid!,
    output: output.text,
    stop: (graceMs = 10_000) => cleanup(graceMs),
  };
}
