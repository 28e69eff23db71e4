/**
 * `npm run size:routes`: per route, the gzip bytes of JavaScript (and CSS) the browser must fetch before the
 * route shows: the entry with its static imports, plus the route's lazy chunk(s) with theirs. Read from Vite's
 * manifest (apps/web/dist/.vite/manifest.json), so run `npm run build` first. Dynamic imports inside a page
 * (a chart, a lab's model code) are not counted: they load after the page shows.
 *
 * The budget (issue 11): ≤ 250 KB gzip of JavaScript for `/` and `/ailab` (they were 541 KB). e2e/shell/loading.e2e.ts
 * holds both routes to it, so a new import on the first page that breaks it fails the build's tests.
 * docs/decisions.md ("First load") says what the first page may import and how to find what grew.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { manifestClosure, readManifest, type Manifest } from './vite-manifest.ts';

export const BUDGET_GZIP_JS = 250 * 1024;
/** What the e2e check enforces: the budget itself. */
export const ENFORCED_GZIP_JS = BUDGET_GZIP_JS;
export const BUDGETED_ROUTES = ['/', '/ailab'] as const;
/**
 * Routes with a budget of their own: the block studio loads Blockly (issue 26), which only /make may carry;
 * its budget counts Blockly too (it is a static import of the page, not a later download).
 */
export const ROUTE_BUDGETS_GZIP_JS: Readonly<Record<string, number>> = { '/make': 450 * 1024 };

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const webDist = path.join(repoRoot, 'apps/web/dist');

/** Route → the lazy modules its page loads before showing (apps/web/src/app/router.tsx). */
const PAGES: Record<string, string[]> = {
  '/': ['src/app/routes/home.tsx'],
  '/ailab': ['src/app/routes/labs/lab-index.tsx'],
  '/course': ['src/app/routes/pages/course-list.tsx'],
  '/course/:courseId': ['src/app/routes/pages/course-detail.tsx'],
  '/class': ['src/app/routes/pages/class.tsx'],
  '/regionContactList': ['src/app/routes/contact.tsx'],
  '/admin': ['src/features/admin-console/index.tsx'],
  '/make': ['src/app/routes/pages/make.tsx'],
};

export interface RouteSize {
  route: string;
  jsGzip: number;
  cssGzip: number;
  files: number;
}

/** Every lab's page chunk joins the lab page's own (src/labs/<slug>/index.tsx). */
function labPages(manifest: Manifest): Record<string, string[]> {
  const labs: Record<string, string[]> = {};
  for (const key of Object.keys(manifest).sort()) {
    const slug = /^src\/labs\/([^/]+)\/index\.tsx$/.exec(key)?.[1];
    if (slug) labs[`/ailab/${slug}`] = ['src/app/routes/labs/lab-page.tsx', key];
  }
  return labs;
}

const gzipCache = new Map<string, number>();
function gzipBytes(dist: string, file: string): number {
  const full = path.join(dist, file);
  let size = gzipCache.get(full);
  if (size === undefined) {
    size = gzipSync(readFileSync(full), { level: 9 }).length;
    gzipCache.set(full, size);
  }
  return size;
}

function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the manifest has no index.html entry');
  return entry;
}

export function routeSizes(dist = webDist): RouteSize[] {
  const manifest = readManifest(dist);
  const entry = entryKey(manifest);
  const pages = { ...PAGES, ...labPages(manifest) };
  return Object.entries(pages)
    .filter(([, keys]) => keys.every((key) => key in manifest))
    .map(([route, keys]) => {
      const files = [...manifestClosure(manifest, [entry, ...keys])];
      const sum = (ext: string) =>
        files.filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzipBytes(dist, f), 0);
      return { route, jsGzip: sum('.js'), cssGzip: sum('.css'), files: files.length };
    });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The route's JavaScript budget (gzip bytes), or undefined for a route without one. */
export function budgetOf(route: string): number | undefined {
  if ((BUDGETED_ROUTES as readonly string[]).includes(route)) return BUDGET_GZIP_JS;
  return ROUTE_BUDGETS_GZIP_JS[route];
}

export function formatRouteSizes(sizes: RouteSize[]): string {
  const width = Math.max(...sizes.map((s) => s.route.length), 5);
  const lines = sizes.map(({ route, jsGzip, cssGzip, files }) => {
    const limit = budgetOf(route);
    const budget = limit ? `  ${((jsGzip / limit) * 100).toFixed(0)}% of the ${kb(limit)} budget` : '';
    return `${route.padEnd(width)}  JS ${kb(jsGzip).padStart(9)}  CSS ${kb(cssGzip).padStart(8)}  ${String(files).padStart(3)} files${budget}`;
  });
  return [`${'route'.padEnd(width)}  gzip bytes needed before the page shows`, ...lines].join('\n');
}

/** 'node_modules/antd/es/button/index.js' → 'antd' (or 'antd/es' at depth 2); our files by folder. */
function sourceGroup(source: string, depth: number): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/?(.*)$/.exec(source);
  if (pkg) return [pkg[1], ...(pkg[2] ?? '').split('/').slice(0, depth - 1)].filter(Boolean).join('/');
  const local = /(apps\/[^/]+\/src|packages\/[^/]+\/src)\/(.*)$/.exec(source);
  if (local) return [local[1], ...(local[2] ?? '').split('/').slice(0, depth - 1)].join('/');
  return '(generated)';
}

/**
 * Where a route's gzip bytes come from, by package (or our folder): each chunk's gzip size is shared out by
 * how many bytes of it its source map gives each source. Needs a build with source maps
 * (`SOURCE_MAPS=1 npm run build`, or `npx vite build --outDir /tmp/x` with SOURCE_MAPS=1 in apps/web).
 */
export function routeBreakdown(route: string, dist = webDist, depth = 1): Map<string, number> {
  const manifest = readManifest(dist);
  const keys = { ...PAGES, ...labPages(manifest) }[route];
  if (!keys) throw new Error(`unknown route ${route}`);
  const totals = new Map<string, number>();
  const scripts = [...manifestClosure(manifest, [entryKey(manifest), ...keys])].filter((f) =>
    f.endsWith('.js'),
  );
  if (!scripts.some((file) => existsSync(path.join(dist, `${file}.map`)))) {
    throw new Error(`${dist} has no source maps: build with SOURCE_MAPS=1`);
  }
  for (const file of scripts) {
    const mapFile = path.join(dist, `${file}.map`);
    if (!existsSync(mapFile)) {
      // Rolldown's small runtime chunk has none.
      totals.set('(no source map)', (totals.get('(no source map)') ?? 0) + gzipBytes(dist, file));
      continue;
    }
    const lines = readFileSync(path.join(dist, file), 'utf8').split('\n');
    const byLine = new Map<number, { column: number; source: string }[]>();
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap;
    new SourceMapConsumer(map).eachMapping((m) => {
      const line = byLine.get(m.generatedLine) ?? [];
      line.push({ column: m.generatedColumn, source: m.source ?? '' });
      byLine.set(m.generatedLine, line);
    });
    const raw = new Map<string, number>();
    let counted = 0;
    for (const [line, mappings] of byLine) {
      mappings.sort((a, b) => a.column - b.column);
      const length = lines[line - 1]?.length ?? 0;
      mappings.forEach((m, i) => {
        const bytes = (mappings[i + 1]?.column ?? length) - m.column;
        const group = sourceGroup(m.source, depth);
        raw.set(group, (raw.get(group) ?? 0) + bytes);
        counted += bytes;
      });
    }
    const gzip = gzipBytes(dist, file);
    for (const [group, bytes] of raw) totals.set(group, (totals.get(group) ?? 0) + (gzip * bytes) / counted);
  }
  return totals;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `npm run size:routes -- --by-package / [depth] [dist]`: what the route's bytes are made of.
  const at = process.argv.indexOf('--by-package');
  if (at >= 0) {
    const [route = '/', depth = '1', dist = webDist] = process.argv.slice(at + 1);
    const rows = [...routeBreakdown(route, dist, Number(depth))].sort((a, b) => b[1] - a[1]);
    for (const [group, bytes] of rows) if (bytes >= 100) console.log(`${kb(bytes).padStart(9)}  ${group}`);
    process.exit(0);
  }
  const sizes = routeSizes();
  console.log(formatRouteSizes(sizes));
  const over = sizes.filter((s) => s.jsGzip > (budgetOf(s.route) ?? Infinity));
  if (over.length) {
    console.error(`over budget: ${over.map((s) => `${s.route} (${kb(budgetOf(s.route) ?? 0)})`).join(', ')}`);
    process.exitCode = 1;
  }
}
