/**
 * Starts the real server (apps/server/src/main.ts) as a child process on a free port with a fresh DATA_DIR and
 * the embedded database. The built web app (apps/web/dist) must exist: `npm run build`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { existsSync } from 'node:fs';
import { copyFile, cp, link, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where a migrated database to copy lives (set by the e2e global setup, support/database-template.ts). */
export const TEMPLATE_ENV = 'E2E_DB_TEMPLATE';
/** The server bundled once per run (set by the global setup, support/server-bundle.ts). */
export const SERVER_BUNDLE_ENV = 'E2E_SERVER_BUNDLE';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The server's process id (benchmarks read its CPU time from /proc). */
  pid: number | undefined;
  /** Everything the server wrote to stderr and stdout so far, for failure messages. */
  logs: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of a test server (also what the database template is seeded with: the same secrets). */
export function childEnv(port: number, dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The e2e suite always uses the embedded database and in-process limits, whatever the shell exports.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  delete env.SMS_PROVIDER;
  return {
    ...env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Where a server started with HTTPS=auto keeps the CA certificate devices trust. */
export const schoolCaFile = (dataDir: string) => path.join(dataDir, 'https', 'school-ca.crt');

/**
 * A GET from Node over http, or over https trusting only `ca` (fetch has no per-request CA on Node 20).
 * `servername` checks the certificate for that name while connecting to the URL's address.
 */
export function getFromServer(
  url: string,
  options: { ca?: string; servername?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(
      url,
      secure ? { ca: options.ca, servername: options.servername } : {},
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function healthStatus(baseUrl: string, dataDir: string): Promise<number> {
  if (!baseUrl.startsWith('https:')) return (await fetch(`${baseUrl}/healthz`)).status;
  // HTTPS=auto: the CA exists once the server made it, before it listens.
  const ca = await readFile(schoolCaFile(dataDir), 'utf8');
  return (await getFromServer(`${baseUrl}/healthz`, { ca })).status;
}

async function waitForHealth(
  baseUrl: string,
  dataDir: string,
  child: ChildProcess,
  logs: () => string,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with code ${child.exitCode} before it was ready:\n${logs()}`);
    }
    try {
      if ((await healthStatus(baseUrl, dataDir)) === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within 90 s:\n${logs()}`);
}

const WEB_DIST = path.join(repoRoot, 'apps/web/dist');

/** Every /assets file index.html loads directly. */
async function entryAssets(dir: string): Promise<string[]> {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
}

/**
 * Hard links of every built file but source maps (a build deletes and rewrites files, so a link keeps the old
 * content): 84 MB copied per test file cost seconds of a loaded CI machine's disk; links cost nothing. Copies
 * where a link cannot be made (another file system).
 */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (!entry.name.endsWith('.map')) await link(source, target).catch(() => copyFile(source, target));
  }
}

/**
 * A private copy of the built app for one test file. Other people rebuild apps/web/dist in the same checkout
 * while tests run (a build empties the folder first); the server serves the copy, so a test never sees a
 * half-written build. Retries while the build is missing or the copy incomplete (a build was running).
 */
async function snapshotWebDist(target: string): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    await rm(target, { recursive: true, force: true });
    try {
      await linkTree(WEB_DIST, target);
      const assets = await entryAssets(target);
      if (assets.length > 0 && assets.every((a) => existsSync(path.join(target, a)))) return target;
    } catch {
      // The build was replacing files while they were copied: try again.
    }
    if (Date.now() > deadline) {
      throw new Error(
        `no complete build in ${WEB_DIST} after 120 s: run \`npm run build\` before the e2e tests`,
      );
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** `env` adds server settings for one test file (e.g. single sign-on; HTTPS=auto serves https). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ai-edu-e2e-'));
  const webDir = await snapshotWebDist(path.join(dataDir, 'web'));
  const template = process.env[TEMPLATE_ENV];
  if (template && existsSync(template)) await cp(template, path.join(dataDir, 'db'), { recursive: true });
  const port = await freePort();
  const baseUrl = `${env.HTTPS === 'auto' ? 'https' : 'http'}://127.0.0.1:${port}`;

  let output = '';
  // The bundle when the global setup made one; the sources through tsx otherwise (as `npm start` runs them).
  const bundle = process.env[SERVER_BUNDLE_ENV];
  const entry = bundle && existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: childEnv(port, dataDir, { WEB_DIST_DIR: webDir, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const logs = () => output;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, dataDir, child, logs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, pid: child.pid, logs, stop };
}
