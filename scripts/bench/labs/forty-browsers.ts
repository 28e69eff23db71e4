/**
 * Forty browsers at once (issue 25, item 5): a lesson starts and 40 students open the image trainer within a
 * minute. 40 clients each fetch every file `/ailab/trainImage` needs (scripts/bench/train-image-files.ts, read
 * from the build) from our server (production mode, a private copy of apps/web/dist) and, side by side in
 * the same run, from Debian's nginx serving that same copy (scripts/bench/nginx.ts). Rounds alternate
 * between the two so a change in the machine's load hits both. Figures: seconds per round, MB/s, the
 * server's CPU seconds (nginx: its workers), ours ÷ nginx throughput (target ≥ 0.7×), and the body bytes of
 * a first and a second visit (second: immutable files not asked for, the rest revalidated).
 *
 * Clients send Chromium's plain-http Accept-Encoding (gzip, deflate): both servers then send the same .gz
 * copies. The first/second-visit bytes are also given for HTTPS (br). Needs `npm run build`; without nginx
 * the comparison says so and is skipped. Alone: `npx tsx scripts/bench/labs/forty-browsers.ts`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, startServer } from '../../../e2e/support/server.ts';
import { installedNginx, startNginx } from '../nginx.ts';
import {
  CHROMIUM_HTTP_ENCODINGS,
  CHROMIUM_HTTPS_ENCODINGS,
  childPids,
  cpuSeconds,
  crowd,
  firstVisit,
  secondVisit,
} from '../static-load.ts';
import { trainImageFiles } from '../train-image-files.ts';

export const name = 'forty browsers (/ailab/trainImage)';

type Figure = { label: string; value: number; unit: string; note?: string };

const CLIENTS = 40;
const ROUNDS = 3;
/** Production refuses the development secrets. */
const PRODUCTION = {
  NODE_ENV: 'production',
  ACCOUNT_SIGN_KEY: 'bench-sign-key-0123456789',
  CLIENT_SECRET: 'bench-client-secret-0123456789',
  CODE_SECRET: 'bench-code-secret-0123456789',
  MEDIA_SECRET: 'bench-media-secret-0123456789',
  LOG_LEVEL: 'warn',
};

interface Target {
  label: string;
  baseUrl: string;
  pids: () => number[];
  seconds: number;
  bytes: number;
  cpu: number;
  clientCpu: number;
  problems: string[];
}

async function round(target: Target, paths: string[]): Promise<void> {
  const pids = target.pids();
  const cpuBefore = pids.reduce((n, pid) => n + cpuSeconds(pid), 0);
  const clientBefore = process.cpuUsage();
  const result = await crowd(target.baseUrl, paths, CLIENTS, CHROMIUM_HTTP_ENCODINGS);
  const client = process.cpuUsage(clientBefore);
  target.clientCpu += (client.user + client.system) / 1e6;
  target.cpu += pids.reduce((n, pid) => n + cpuSeconds(pid), 0) - cpuBefore;
  target.seconds += result.seconds;
  target.bytes += result.bytes;
  target.problems.push(...result.problems);
}

const mb = (bytes: number) => bytes / 1e6;

export async function run(): Promise<Figure[]> {
  const dist = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    return [{ label: 'forty browsers', value: 0, unit: '-', note: 'skipped: run `npm run build` first' }];
  }
  const server = await startServer(PRODUCTION);
  const nginxBinary = installedNginx();
  const nginx = nginxBinary ? await startNginx(nginxBinary, path.join(server.dataDir, 'web')) : undefined;
  try {
    const paths = trainImageFiles(path.join(server.dataDir, 'web'));
    const ours: Target = {
      label: 'ours',
      baseUrl: server.baseUrl,
      pids: () => (server.pid ? [server.pid] : []),
      ...{ seconds: 0, bytes: 0, cpu: 0, clientCpu: 0, problems: [] },
    };
    const theirs: Target | undefined = nginx && {
      label: 'nginx',
      baseUrl: nginx.baseUrl,
      pids: () => childPids(nginx.pid),
      ...{ seconds: 0, bytes: 0, cpu: 0, clientCpu: 0, problems: [] },
    };
    const targets = theirs ? [ours, theirs] : [ours];
    // One visit each first: files in the page cache, the servers' own caches warm, connections tried.
    for (const target of targets) await firstVisit(target.baseUrl, paths, CHROMIUM_HTTP_ENCODINGS);
    for (let i = 0; i < ROUNDS; i++) for (const target of targets) await round(target, paths);

    const figures: Figure[] = [];
    for (const t of targets) {
      const problems = [...new Set(t.problems)].slice(0, 3).join(', ');
      figures.push(
        {
          label: `${t.label}: ${CLIENTS} clients × ${paths.length} files, s/round`,
          value: t.seconds / ROUNDS,
          unit: 's',
          note: `${ROUNDS} rounds, ${(mb(t.bytes) / ROUNDS).toFixed(0)} MB each${problems ? `; errors: ${problems}` : ''}`,
        },
        { label: `${t.label}: throughput`, value: mb(t.bytes) / t.seconds, unit: 'MB/s' },
        {
          label: `${t.label}: server CPU per round`,
          value: t.cpu / ROUNDS,
          unit: 's',
          note: `${t === ours ? 'the Node process' : 'nginx workers'}; the 40 clients used ${(t.clientCpu / ROUNDS).toFixed(2)} s`,
        },
      );
    }
    if (theirs) {
      figures.push({
        label: 'ours ÷ nginx throughput',
        value: mb(ours.bytes) / ours.seconds / (mb(theirs.bytes) / theirs.seconds),
        unit: '×',
        note: 'target ≥ 0.7',
      });
    } else {
      figures.push({
        label: 'nginx',
        value: 0,
        unit: '-',
        note: 'skipped: /usr/sbin/nginx is not installed',
      });
    }
    for (const [encoding, label] of [
      [CHROMIUM_HTTP_ENCODINGS, 'http, gzip'],
      [CHROMIUM_HTTPS_ENCODINGS, 'https, br'],
    ] as const) {
      const first = await firstVisit(server.baseUrl, paths, encoding);
      const second = await secondVisit(server.baseUrl, first, encoding);
      const notModified = second.files.filter((f) => f.status === 304).length;
      figures.push(
        {
          label: `first visit (${label})`,
          value: mb(first.bytes),
          unit: 'MB',
          note: `${first.requests} requests${first.problems.length ? `; errors: ${first.problems.join(', ')}` : ''}`,
        },
        {
          label: `second visit (${label})`,
          value: second.bytes,
          unit: 'bytes',
          note: `${second.requests} requests (${notModified} answered 304), ${first.requests - second.requests} not asked (immutable)`,
        },
      );
    }
    return figures;
  } finally {
    await nginx?.stop();
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((figures) => {
      for (const f of figures) {
        const value = f.value >= 100 ? Math.round(f.value).toLocaleString('en-US') : f.value.toFixed(2);
        console.log(
          `  ${f.label.padEnd(48)} ${value.padStart(10)} ${f.unit}${f.note ? `  (${f.note})` : ''}`,
        );
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
