/**
 * A browser's view of a static server, for the "forty browsers at once" row: a visit fetches a list of URL
 * paths over keep-alive connections (6 per client, as Chromium opens per host over HTTP/1.1) and counts the
 * body bytes as sent (nothing decompressed: the client's CPU is not the figure). A second visit replays what
 * a browser's cache does: files the first answer marked `immutable` are not asked for at all, the others are
 * revalidated with `If-None-Match` / `If-Modified-Since`. Plus the CPU seconds of server processes from /proc.
 */
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';

/** What Chromium sends on plain http to a LAN address (it adds `br, zstd` only over HTTPS). */
export const CHROMIUM_HTTP_ENCODINGS = 'gzip, deflate';
export const CHROMIUM_HTTPS_ENCODINGS = 'gzip, deflate, br, zstd';

export interface Fetched {
  path: string;
  status: number;
  bytes: number;
  cacheControl: string;
  etag?: string;
  lastModified?: string;
}

export interface Visit {
  files: Fetched[];
  bytes: number;
  requests: number;
  problems: string[];
}

function get(
  agent: http.Agent,
  base: URL,
  urlPath: string,
  headers: Record<string, string>,
): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { agent, host: base.hostname, port: base.port, path: urlPath, headers },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            path: urlPath,
            status: res.statusCode ?? 0,
            bytes,
            cacheControl: String(res.headers['cache-control'] ?? ''),
            etag: res.headers.etag,
            lastModified: res.headers['last-modified'],
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

function summarise(files: Fetched[], expected: (f: Fetched) => boolean): Visit {
  return {
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    requests: files.length,
    problems: files.filter((f) => !expected(f)).map((f) => `${f.path}: HTTP ${f.status}`),
  };
}

/** A first visit: every path, all asked for at once (the agent keeps 6 connections busy). */
export async function firstVisit(
  baseUrl: string,
  paths: string[],
  acceptEncoding: string,
  agent = new http.Agent({ keepAlive: true, maxSockets: 6 }),
): Promise<Visit> {
  const base = new URL(baseUrl);
  const headers = { 'accept-encoding': acceptEncoding, 'user-agent': 'bench' };
  const files = await Promise.all(paths.map((p) => get(agent, base, p, headers)));
  return summarise(files, (f) => f.status === 200);
}

/** The same visit again with a warm browser cache: immutable files skipped, the rest revalidated. */
export async function secondVisit(baseUrl: string, first: Visit, acceptEncoding: string): Promise<Visit> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const asked = first.files.filter((f) => !/\bimmutable\b/.test(f.cacheControl));
  const files = await Promise.all(
    asked.map((f) =>
      get(agent, base, f.path, {
        'accept-encoding': acceptEncoding,
        'user-agent': 'bench',
        ...(f.etag ? { 'if-none-match': f.etag } : {}),
        ...(f.lastModified ? { 'if-modified-since': f.lastModified } : {}),
      }),
    ),
  );
  agent.destroy();
  return summarise(files, (f) => f.status === 304 || f.status === 200);
}

/** `clients` browsers opening the page at the same moment, each with its own connections. */
export async function crowd(
  baseUrl: string,
  paths: string[],
  clients: number,
  acceptEncoding: string,
): Promise<{ seconds: number; bytes: number; problems: string[] }> {
  const agents = Array.from({ length: clients }, () => new http.Agent({ keepAlive: true, maxSockets: 6 }));
  const started = process.hrtime.bigint();
  const visits = await Promise.all(agents.map((agent) => firstVisit(baseUrl, paths, acceptEncoding, agent)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agents.forEach((agent) => agent.destroy());
  return {
    seconds,
    bytes: visits.reduce((n, v) => n + v.bytes, 0),
    problems: [...new Set(visits.flatMap((v) => v.problems))],
  };
}

/** User + system CPU seconds a process has used (Linux /proc; 100 clock ticks a second). */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The processes whose parent is `pid` (nginx's workers under its master). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(name));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}
