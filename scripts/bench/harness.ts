/**
 * What every benchmark shares: the load generator (autocannon in a worker thread, so the server under test
 * has the main thread to itself), the bare-Fastify baseline, and the real app on a given database.
 */
import type { AddressInfo } from 'node:net';
import type { Database } from '@ai-edu/db';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig, type Config } from '../../apps/server/src/config.ts';

export interface LoadSettings {
  /** Seconds measured per row. */
  durationSec: number;
  /** Seconds of load before the measurement (JIT, caches, connection pools), not counted. */
  warmupSec: number;
  connections: number;
}

/** One request, fired over and over. `[<id>]` in the body becomes a fresh id when idReplacement is set. */
export interface LoadSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  idReplacement?: boolean;
}

export interface RunningApp {
  url: string;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/** A benchmark of the real app: prepares what it needs (users, sessions) and says what to fire. */
export interface Benchmark {
  /** Row label, e.g. the route. */
  name: string;
  prepare(app: RunningApp): Promise<LoadSpec>;
}

export interface Measurement {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Anything that makes the figure suspect: errors, timeouts, non-2xx answers. Empty when clean. */
  problems: string[];
}

export async function measure(baseUrl: string, spec: LoadSpec, settings: LoadSettings): Promise<Measurement> {
  const result = await autocannon({
    url: new URL(spec.path, baseUrl).toString(),
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    idReplacement: spec.idReplacement,
    connections: settings.connections,
    duration: settings.durationSec,
    workers: 1,
    ...(settings.warmupSec > 0
      ? { warmup: { duration: settings.warmupSec, connections: settings.connections } }
      : {}),
  });
  const problems = [
    result.errors && `${result.errors} errors`,
    result.timeouts && `${result.timeouts} timeouts`,
    result.non2xx && `${result.non2xx} non-2xx`,
  ].filter((p): p is string => Boolean(p));
  return {
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    problems,
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The baseline: what this machine does with Fastify and nothing else. */
export const bareSpec: LoadSpec = { method: 'GET', path: '/bare' };

export async function startBare(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/bare', (_request, reply) => reply.send({ ok: true }));
  const url = await listen(app);
  return { url, close: () => app.close() };
}

/** The real app (buildApp, as main.ts builds it) on the given database, logging off. */
export async function startApp(database: Database, dataDir: string): Promise<RunningApp> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'never',
  });
  const app = await buildApp({ config, database, logger: false });
  const url = await listen(app);
  return { url, config, database, close: () => app.close() };
}
