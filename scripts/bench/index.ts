/**
 * `npm run bench [-- --duration 10 --connections 10 --warmup 2]`: requests per second of each benchmark
 * of the real app, per database engine, next to a bare Fastify route measured on the same machine in the
 * same run, with the ratio to it. To add one: a file exporting a Benchmark, and one line in `benchmarks`.
 */
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { classSignIn, type SignInResult } from './class-sign-in.ts';
import { engines } from './engines.ts';
import { getUserInfo } from './get-user-info.ts';
import { spendBenchmark, type SpendResult } from './ledger.ts';
import { printWebBytes } from './web-bytes.ts';
import type { Figure } from './lab-figure.ts';
import {
  bareSpec,
  measure,
  startApp,
  startBare,
  type Benchmark,
  type LoadSettings,
  type Measurement,
} from './harness.ts';

const benchmarks: Benchmark[] = [getUserInfo];

/** Ledger contention shapes: every worker on one account's row, or spread over many accounts. */
const ledgerShapes = [
  { label: 'one account (contended)', accounts: 1 },
  { label: '100 accounts', accounts: 100 },
] as const;

interface Row {
  target: string;
  engine: string;
  result: Measurement | { skipped: string };
  note?: string;
}

function settingsFrom(argv: string[]): LoadSettings {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
    },
  });
  const number = (name: keyof typeof values, min: number) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}`);
    return n;
  };
  return {
    durationSec: number('duration', 1),
    warmupSec: number('warmup', 0),
    connections: number('connections', 1),
  };
}

const progress = (line: string) => process.stderr.write(`  … ${line}\n`);

function table(rows: Row[], bare: number): string {
  const head = ['target', 'engine', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'notes'];
  const body = rows.map(({ target, engine, result, note }) =>
    'skipped' in result
      ? [target, engine, '-', '-', '-', '-', `skipped: ${result.skipped}`]
      : [
          target,
          engine,
          Math.round(result.requestsPerSec).toLocaleString('en-US'),
          String(result.p50Ms),
          String(result.p99Ms),
          (result.requestsPerSec / bare).toFixed(3),
          [note, ...result.problems].filter(Boolean).join('; '),
        ],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const numeric = new Set([2, 3, 4, 5]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

async function main() {
  const settings = settingsFrom(process.argv.slice(2));
  const cpus = os.cpus();
  console.log(
    `Benchmarks: ${settings.durationSec} s per row after ${settings.warmupSec} s warm-up, ${settings.connections} connections` +
      `\nNode ${process.version} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${os.platform()}\n`,
  );
  const rows: Row[] = [];
  const ledgerRows: { engine: string; label: string; result: SpendResult }[] = [];
  const signInRows: { engine: string; result: SignInResult }[] = [];

  // The baseline is measured before and after the app: the ratio uses the mean, the notes show the spread.
  const measureBare = async (when: string) => {
    progress(`bare Fastify (${when})`);
    const bare = await startBare();
    try {
      return await measure(bare.url, bareSpec, settings);
    } finally {
      await bare.close();
    }
  };
  const before = await measureBare('before');

  for (const engine of engines(process.env.DATABASE_URL)) {
    if ('skipped' in engine) {
      for (const b of benchmarks)
        rows.push({ target: b.name, engine: engine.name, result: { skipped: engine.skipped } });
      continue;
    }
    const opened = await engine.open();
    const app = await startApp(opened.database, opened.dataDir);
    try {
      for (const shape of ledgerShapes) {
        progress(`ledger spends, ${shape.label}, on ${engine.name}`);
        const result = await spendBenchmark(opened.database, {
          ...shape,
          concurrency: settings.connections,
          durationSec: settings.durationSec,
          prefix: `${engine.name}-${shape.accounts}-`,
        });
        ledgerRows.push({ engine: engine.name, label: shape.label, result });
      }
      progress(`a class of 50 signing in at once on ${engine.name}`);
      signInRows.push({ engine: engine.name, result: await classSignIn(app) });
      for (const b of benchmarks) {
        progress(`${b.name} on ${engine.name}`);
        rows.push({
          target: b.name,
          engine: engine.name,
          result: await measure(app.url, await b.prepare(app), settings),
        });
      }
    } finally {
      await app.close();
      await opened.dispose();
    }
  }

  const after = await measureBare('after');
  const baseline: Measurement = {
    requestsPerSec: (before.requestsPerSec + after.requestsPerSec) / 2,
    p50Ms: Math.max(before.p50Ms, after.p50Ms),
    p99Ms: Math.max(before.p99Ms, after.p99Ms),
    problems: [...before.problems, ...after.problems],
  };
  const spread = `mean of ${[before, after].map((m) => Math.round(m.requestsPerSec).toLocaleString('en-US')).join(' and ')}`;
  rows.unshift({ target: 'GET /bare (bare Fastify)', engine: '-', result: baseline, note: spread });

  console.log(table(rows, baseline.requestsPerSec));
  console.log(
    '\nvs bare = req/s ÷ bare Fastify req/s (same machine, same run). p50/p99: latency under that load.',
  );
  if (signInRows.length) {
    console.log(
      '\nA class signing in at once (password logins sent in the same instant; budget p99 ≤ 2,000 ms):',
    );
    for (const { engine, result: r } of signInRows) {
      console.log(
        `  ${engine.padEnd(9)} ${r.ok}/${r.logins} answered status 1   p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms   max ${r.maxMs} ms` +
          `   (${(r.p99Ms / 2000).toFixed(2)}× budget)   during the burst: GET / ${r.staticMs} ms (HTTP ${r.staticStatus}), /healthz ${r.healthMs} ms`,
      );
    }
  }
  await runLabBenchmarks(settings);
  await printWebBytes();
  if (ledgerRows.length) {
    console.log(`\nCredits ledger spends (1 credit each, ${settings.connections} concurrent workers):`);
    const single = new Map(
      ledgerRows.filter((r) => r.label === ledgerShapes[0].label).map((r) => [r.engine, r]),
    );
    for (const row of ledgerRows) {
      const base = single.get(row.engine)!.result.spendsPerSec;
      console.log(
        `  ${row.engine.padEnd(9)} ${row.label.padEnd(30)} ${Math.round(row.result.spendsPerSec).toLocaleString('en-US').padStart(7)} spends/s` +
          `  (${(row.result.spendsPerSec / base).toFixed(2)}× one account; ${row.result.spends} spends, ${row.result.refused} refused)`,
      );
    }
  }
}

interface LabBenchmark {
  name: string;
  run(settings: { durationSec: number }): Promise<Figure[]>;
}

/** Runs every lab benchmark in ./labs (one file each) and prints their figures. */
async function runLabBenchmarks(settings: LoadSettings) {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'labs');
  const files = (await readdir(dir))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort();
  if (files.length === 0) return;
  console.log('\nLabs:');
  for (const file of files) {
    const bench = (await import(pathToFileURL(path.join(dir, file)).href)) as LabBenchmark;
    progress(bench.name);
    for (const figure of await bench.run({ durationSec: settings.durationSec })) {
      const value =
        figure.value >= 100 ? Math.round(figure.value).toLocaleString('en-US') : figure.value.toFixed(2);
      console.log(
        `  ${bench.name.padEnd(30)} ${figure.label.padEnd(40)} ${value.padStart(10)} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
