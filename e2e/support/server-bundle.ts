/**
 * The server as one JavaScript file, built once per e2e run by the global setup (database-template.ts) and
 * started by every test file (server.ts). Started through tsx, each of the ~50 server starts of a run
 * transformed and resolved the server's few hundred TypeScript modules again: 5.8 s of CPU per start on the
 * 2-core machine, against 4.2 s from one bundle (docs/testing.md). The code is the same: esbuild is what
 * tsx transforms with, npm packages stay outside the bundle (loaded from node_modules as before), and
 * `import.meta.url` keeps meaning each source file's own place, so the paths the server finds next to its
 * sources (migrations, the built app, model files, the speech runner) are unchanged.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { repoRoot } from './server.ts';

/** npm packages stay imports: the bundle lives under node_modules, so Node finds them as the sources did. */
const npmPackagesOutside: Plugin = {
  name: 'npm-packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ai-edu/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Each of our modules keeps its own `import.meta.url` (in one bundle it would be the bundle's). */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
      };
    });
  },
};

/** Bundles apps/server/src/main.ts; resolves to the bundle's path and a function that removes it. */
export async function bundleServer(): Promise<{ file: string; remove: () => Promise<void> }> {
  // Under node_modules, and one per run: two runs at once in one checkout do not share a file.
  const dir = path.join(repoRoot, 'node_modules', '.cache', 'ai-edu-e2e', `server-${process.pid}`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'main.mjs');
  await build({
    entryPoints: [path.join(repoRoot, 'apps/server/src/main.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [npmPackagesOutside, ownImportMetaUrl],
  });
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}
