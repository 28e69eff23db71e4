/**
 * Bytes a first visit (empty cache) of `/` and of `/ailab/faceAnalyze` (which downloads its face models on
 * open) costs: Chromium loads the pages from the real server and the built app and lists the files it fetched;
 * each is counted as the server sends it per Accept-Encoding (its `.br` or `.gz` copy when the build kept one,
 * as apps/server/src/plugins/static-web.ts does): `identity` (what every browser got before the build was
 * pre-compressed), gzip (plain HTTP: browsers send br only over HTTPS) and br (HTTPS). Bodies only: headers
 * and API answers are left out. Plus the per-route gzip JavaScript of scripts/route-sizes.ts. Needs
 * `npm run build` and Chromium. Standalone: `npx tsx scripts/bench/web-bytes.ts`.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { startServer } from '../../e2e/support/server.ts';
import { BUDGET_GZIP_JS, BUDGETED_ROUTES, routeSizes } from '../route-sizes.ts';
import { logInAsDemoLearner } from './browser-login.ts';

const QUIET_MS = 5000;
/** Some labs keep the network busy (live logs): the measurement ends this long after the page is ready. */
const CAP_MS = 60_000;

export interface PageBytes {
  page: string;
  files: number;
  identity: number;
  gzip: number;
  brotli: number;
}

/** The same-origin files (not API answers) a first visit of `url` fetches, until the network is quiet. */
async function fetchedFiles(
  page: Page,
  origin: string,
  url: string,
  ready: () => Promise<void>,
): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const paths = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event: { request: { url: string } }) => {
    lastActivity = Date.now();
    const requested = new URL(event.request.url);
    if (requested.origin === origin && !requested.pathname.startsWith('/api/')) paths.add(requested.pathname);
  });
  cdp.on('Network.dataReceived', () => (lastActivity = Date.now()));
  await page.goto(url);
  await ready();
  const readyAt = Date.now();
  while (Date.now() - lastActivity < QUIET_MS && Date.now() - readyAt < CAP_MS)
    await page.waitForTimeout(250);
  await cdp.detach();
  return [...paths];
}

/** Bytes the server sends for each file per Accept-Encoding: its .br / .gz copy when the build kept one. */
function bytesOnDisk(dist: string, paths: string[], pageName: string): PageBytes {
  const size = (file: string) => (existsSync(file) ? statSync(file).size : undefined);
  const result: PageBytes = { page: pageName, files: 0, identity: 0, gzip: 0, brotli: 0 };
  for (const urlPath of paths) {
    const relative = path.extname(urlPath) ? decodeURIComponent(urlPath) : '/index.html';
    const file = path.join(dist, relative);
    const identity = size(file);
    if (identity === undefined) continue;
    const gzip = size(`${file}.gz`) ?? identity;
    result.files += 1;
    result.identity += identity;
    result.gzip += gzip;
    result.brotli += size(`${file}.br`) ?? gzip;
  }
  return result;
}

export async function webBytes(): Promise<PageBytes[]> {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    // English labels for the login helper (typed without the DOM lib: this is the Node-only root project).
    await context.addInitScript(() =>
      (
        globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }
      ).localStorage.setItem('lang', 'en'),
    );
    const page = await context.newPage();
    const dist = path.join(server.dataDir, 'web');
    const home = await fetchedFiles(page, server.baseUrl, '/', () =>
      page.getByRole('button', { name: 'Log in / Register' }).waitFor({ timeout: 60_000 }),
    );
    await logInAsDemoLearner(page);
    // The lab downloads its models on open and names its backend once they are loaded.
    const lab = await fetchedFiles(page, server.baseUrl, '/ailab/faceAnalyze', () =>
      page.getByText('Running on:').first().waitFor({ timeout: 180_000 }),
    );
    await context.close();
    return [bytesOnDisk(dist, home, '/'), bytesOnDisk(dist, lab, '/ailab/faceAnalyze (with its models)')];
  } finally {
    await browser?.close();
    await server.stop();
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

export async function printWebBytes(): Promise<void> {
  console.log(
    '\nWeb app, first visit (empty cache), bytes of the files fetched (bodies, without API answers):',
  );
  for (const row of await webBytes()) {
    const ratio = (n: number) => `${(n / row.identity).toFixed(2)}×`;
    console.log(
      `  ${row.page.padEnd(36)} ${String(row.files).padStart(3)} files   identity ${mb(row.identity).padStart(9)}` +
        `   gzip ${mb(row.gzip).padStart(9)} (${ratio(row.gzip)})   br ${mb(row.brotli).padStart(9)} (${ratio(row.brotli)})`,
    );
  }
  console.log(
    `\nJavaScript each route needs before it shows (gzip; budget ${BUDGET_GZIP_JS / 1024} KB for /, /ailab):`,
  );
  for (const size of routeSizes()) {
    if (!(BUDGETED_ROUTES as readonly string[]).includes(size.route) && size.route !== '/ailab/faceAnalyze')
      continue;
    console.log(
      `  ${size.route.padEnd(20)} JS ${(size.jsGzip / 1024).toFixed(1).padStart(6)} KB  CSS ${(size.cssGzip / 1024).toFixed(1).padStart(5)} KB` +
        `  (${((size.jsGzip / BUDGET_GZIP_JS) * 100).toFixed(0)}% of the budget)`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printWebBytes().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
