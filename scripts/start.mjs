// `npm start`: builds the web app when its sources are newer than the last build, then runs the server
// (TypeScript through tsx) in this process's place, passing signals on so Ctrl+C shuts down cleanly.
// The build prints one line per step (not vite's ~300 lines of chunk sizes), so the server's banner, with
// the addresses and demo logins, is what stays on screen; a failed build prints its whole output.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { isWarning, progressLine } from './build-progress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/public',
  'packages/contract/src',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

function buildWebApp() {
  const started = Date.now();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
  console.log(
    existsSync(builtIndex)
      ? 'Building the web app (its sources changed)…'
      : 'Building the web app (the first build compresses the models: a minute or two)…',
  );
  return new Promise((resolve) => {
    const build = spawn('npm', ['run', 'build', '-w', '@ai-edu/web'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    let warnings = 0;
    const onLine = (line) => {
      output.push(line);
      if (isWarning(line)) warnings += 1;
      const step = progressLine(line);
      if (step) console.log(`  ${step}  (${seconds()})`);
    };
    createInterface({ input: build.stdout }).on('line', onLine);
    createInterface({ input: build.stderr }).on('line', onLine);
    build.on('close', (code) => {
      if (code !== 0) {
        console.error(output.join('\n'));
        console.error(`\nThe web app did not build (exit code ${code}); its output is above.`);
        process.exit(code ?? 1);
      }
      console.log(
        `Web app built in ${seconds()}${warnings ? ` (${warnings} build warning${warnings > 1 ? 's' : ''}: \`npm run build\` shows them)` : ''}.`,
      );
      resolve();
    });
  });
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webInputs.map((p) => newestMtime(path.join(root, p))));
if (sourcesAt > builtAt) await buildWebApp();

console.log('Starting the server (database migrations, demo data)…');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
