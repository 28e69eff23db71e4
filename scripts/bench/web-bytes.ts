/**
 * Bytes on the wire for a first visit (empty cache) of `/` and of `/ailab/faceAnalyze` (which downloads its
 * face models on open), measured in Chromium against the real server and the built app: the sum of every
 * response's encoded length (headers included) as Chromium counts it, once per Accept-Encoding a browser may
 * send: `gzip, deflate, br, zstd` (HTTPS or localhost), `gzip, deflate` (plain HTTP: browsers send br only over
 * HTTPS) and `identity` (what the server sent before the build was pre-compressed). Plus the per-route gzip
 * JavaScript of scripts/route-sizes.ts. Needs `npm run build` and Chromium. Standalone: `npx tsx
 * scripts/bench/web-bytes.ts`.
 */
import type { Browser, Page } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { startServer } from '../../e2e/support/server.ts';
import { BUDGET_GZIP_JS, BUDGETED_ROUTES, routeSizes } from '../route-sizes.ts';
import { logInAsDemoLearner } from './browser-login.ts';

const ENCODINGS = ['gzip, deflate, br, zstd', 'gzip, deflate', 'identity'] as const;
const QUIET_MS = 3000;

interface Load {
  bytes: number;
  requests: number;
}

/** Loads `url` with an empty cache, sending `acceptEncoding`, until the network is quiet; sums the wire bytes. */
async function measureLoad(page: Page, url: string, acceptEncoding: string, ready: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  const load: Load = { bytes: 0, requests: 0 };
  let pending = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', () => {
    pending += 1;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    load.bytes += event.encodedDataLength;
    load.requests += 1;
    pending -= 1;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', () => {
    pending -= 1;
    lastActivity = Date.now();
  });
  await page.goto(url);
  await ready();
  // Models load one after another with parsing in between: "done" is nothing in flight for 3 s.
  while (pending > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(250);
  await cdp.detach();
  return load;
}

export interface WebBytesRow {
  page: string;
  encoding: string;
  load: Load;
}

export async function webBytes(): Promise<WebBytesRow[]> {
  const server = await startServer();
  let browser: Browser | undefined;
  const rows: WebBytesRow[] = [];
  try {
    browser = await launchBrowser();
    for (const encoding of ENCODINGS) {
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
      rows.push({
        page: '/',
        encoding,
        load: await measureLoad(page, '/', encoding, () =>
          page.getByRole('button', { name: 'Log in / Register' }).waitFor({ timeout: 60_000 }),
        ),
      });
      await logInAsDemoLearner(page);
      rows.push({
        page: '/ailab/faceAnalyze (models included)',
        encoding,
        // The lab downloads its models on open and names its backend once they are loaded.
        load: await measureLoad(page, '/ailab/faceAnalyze', encoding, () =>
          page.getByText('Running on:').first().waitFor({ timeout: 180_000 }),
        ),
      });
      await context.close();
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  return rows;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

export async function printWebBytes(): Promise<void> {
  console.log('\nWeb app, first visit (empty cache), bytes on the wire:');
  const rows = await webBytes();
  for (const page of [...new Set(rows.map((r) => r.page))]) {
    const identity = rows.find((r) => r.page === page && r.encoding === 'identity')!.load.bytes;
    for (const { encoding, load } of rows.filter((r) => r.page === page)) {
      console.log(
        `  ${page.padEnd(38)} Accept-Encoding: ${encoding.padEnd(22)} ${mb(load.bytes).padStart(9)}` +
          `  (${load.requests} requests, ${(load.bytes / identity).toFixed(2)}× identity)`,
      );
    }
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
