// `npm test`: every check, phase by phase, then a table of how long each phase took (docs/testing.md).
//
// Phases run in the order a failure is cheapest to find: static checks, unit and integration (one Vitest run
// per project, so each project's time is its own), the web build, then the browser journeys per group. The
// first phase that fails stops the run; the table is printed either way. Lint and the typechecks run side by
// side: each is mostly one thread, and this machine has two cores.
//
// `.ci/run` passes the seconds its install took in TEST_INSTALL_SECONDS, so the table's total is CI's.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BUDGET_MINUTES = 35;
const WARN_MINUTES = 40;
const withPostgres = Boolean(process.env.DATABASE_URL);
const reports = mkdtempSync(path.join(tmpdir(), 'ai-edu-test-reports-'));

/** Runs one command with inherited output; resolves to its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A chain of commands, one after another, stopping at the first failure. */
async function chain(commands) {
  for (const [command, ...args] of commands) {
    const code = await run(command, args);
    if (code !== 0) return code;
  }
  return 0;
}

let reportCount = 0;
/** A Vitest run of some projects that also writes its counts to a JSON report (summed at the end). */
function vitest(config, projects) {
  const report = path.join(reports, `${reportCount++}.json`);
  const selected = projects.flatMap((name) => ['--project', name]);
  return [
    'npx',
    'vitest',
    'run',
    '--config',
    config,
    ...selected,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
}

const unitProjects = [
  'contract',
  'db',
  'ml',
  'web',
  'server:pglite',
  ...(withPostgres ? ['server:postgres'] : []),
];

/** Each phase: a name and what it runs (several chains side by side when `parallel` has more than one). */
const phases = [
  {
    name: 'lint and typecheck',
    // Three single-threaded chains on two cores: ESLint alone (3:33) was longer than Prettier and the three
    // tsc runs together (2:46), so it is split at the web app, whose type information is a program of its own.
    parallel: [
      { name: 'eslint web', commands: [['npx', 'eslint', 'apps/web', '--max-warnings', '0']] },
      {
        name: 'eslint rest',
        commands: [['npx', 'eslint', '.', '--ignore-pattern', 'apps/web/**', '--max-warnings', '0']],
      },
      {
        name: 'prettier, tsc',
        commands: [
          ['npx', 'prettier', '--check', '.', '--log-level', 'warn'],
          ['npx', 'tsc', '-p', 'tsconfig.json'],
          ['npx', 'tsc', '-p', 'apps/web/tsconfig.json'],
          ['npx', 'tsc', '-p', 'e2e/tsconfig.json'],
        ],
      },
    ],
  },
  ...unitProjects.map((project) => ({
    name: `unit: ${project}`,
    parallel: [{ name: project, commands: [vitest('vitest.config.ts', [project])] }],
  })),
  { name: 'build', parallel: [{ name: 'build', commands: [['npm', 'run', 'build']] }] },
  ...['e2e', 'e2e:labs'].map((project) => ({
    name: `e2e: ${project}`,
    parallel: [{ name: project, commands: [vitest('e2e/vitest.config.ts', [project])] }],
  })),
];

const rows = [];
const installSeconds = Number(process.env.TEST_INSTALL_SECONDS);
if (installSeconds > 0) rows.push({ name: 'install', seconds: installSeconds, result: 'ok' });

let failed = '';
for (const phase of phases) {
  if (failed) {
    rows.push({ name: phase.name, seconds: 0, result: 'not run' });
    continue;
  }
  console.log(`\n=== ${phase.name} ===`);
  const started = Date.now();
  const parts = await Promise.all(
    phase.parallel.map(async (part) => {
      const partStarted = Date.now();
      const code = await chain(part.commands);
      return { name: part.name, code, seconds: (Date.now() - partStarted) / 1000 };
    }),
  );
  const broken = parts.filter((part) => part.code !== 0);
  rows.push({
    name: phase.name,
    seconds: (Date.now() - started) / 1000,
    result: broken.length ? `FAILED (${broken.map((p) => p.name).join(', ')})` : 'ok',
    detail: parts.length > 1 ? parts.map((p) => `${p.name} ${formatSeconds(p.seconds)}`).join(', ') : '',
  });
  if (broken.length) failed = phase.name;
}

/** Test counts from the Vitest JSON reports of the phases that ran. */
function counts() {
  let passed = 0;
  let failedTests = 0;
  let skipped = 0;
  for (let i = 0; i < reportCount; i++) {
    try {
      const report = JSON.parse(readFileSync(path.join(reports, `${i}.json`), 'utf8'));
      passed += report.numPassedTests ?? 0;
      failedTests += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    } catch {
      // That phase did not run (or died before writing its report): its tests are not counted.
    }
  }
  return { passed, failed: failedTests, skipped };
}

function formatSeconds(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const total = rows.reduce((sum, row) => sum + row.seconds, 0);
const width = Math.max(...rows.map((row) => row.name.length), 'total'.length);
console.log('\nphase durations (m:ss)');
for (const row of rows) {
  const detail = row.detail ? `  (${row.detail})` : '';
  console.log(
    `  ${row.name.padEnd(width)}  ${formatSeconds(row.seconds).padStart(6)}  ${row.result}${detail}`,
  );
}
console.log(`  ${'total'.padEnd(width)}  ${formatSeconds(total).padStart(6)}  (budget ${BUDGET_MINUTES}:00)`);
if (total > WARN_MINUTES * 60) {
  console.log(
    `WARNING: the whole run took ${formatSeconds(total)}, over ${WARN_MINUTES} minutes (budget ${BUDGET_MINUTES}, CI's limit 90): see docs/testing.md`,
  );
}
const tally = counts();
rmSync(reports, { recursive: true, force: true });
// The plain closing line CI reads: every test of every Vitest phase that ran.
console.log(`\ntests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failed ? 1 : 0);
