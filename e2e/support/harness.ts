/**
 * Per-file e2e setup: one server and one Chromium for the file, a fresh fenced browser context per test. After
 * each test the fence is checked (no foreign requests, no uncaught page errors); on failure a screenshot (and,
 * with E2E_TRACE=1, a Playwright trace) go to .test-results/e2e, and the page text and server log are printed.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  openFencedPage,
  launchBrowser,
  tracingWanted,
  type FencedPage,
  type LaunchOptions,
  type PageOptions,
} from './browser.ts';
import { latestCode, countCodes, type OutboxEntry } from './outbox.ts';
import { repoRoot, startServer, type RunningServer } from './server.ts';

export interface E2E {
  readonly baseUrl: string;
  readonly dataDir: string;
  /**
   * A fresh page (own context, fenced); closed and checked after the test. `baseUrl` opens it at another
   * address of the server (another scheme, a name from `browser.localNames`).
   */
  newPage: (options?: PageOptions & { baseUrl?: string }) => Promise<Page>;
  latestCode: (to: string, options?: { after?: number; purpose?: OutboxEntry['purpose'] }) => Promise<string>;
  countCodes: (to: string) => Promise<number>;
}

export interface E2EOptions {
  serverEnv?: Record<string, string>;
  /** Chromium launch options; a function runs in beforeAll (e.g. after writing a fake-camera file). */
  browser?: LaunchOptions | (() => Promise<LaunchOptions>);
}

export function setupE2E(options: E2EOptions = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let pages: FencedPage[] = [];

  beforeAll(async () => {
    server = await startServer(options.serverEnv);
    const launch = typeof options.browser === 'function' ? await options.browser() : options.browser;
    browser = await launchBrowser(launch);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async (context) => {
    const opened = pages;
    pages = [];
    const failed = context.task.result?.state === 'fail';
    if (failed) {
      const dir = path.join(repoRoot, '.test-results', 'e2e');
      await mkdir(dir, { recursive: true });
      for (const [i, fenced] of opened.entries()) {
        const file = path.join(dir, `${context.task.name.replace(/[^\w-]+/g, '_')}-${i}.png`);
        await fenced.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        const trace = tracingWanted() ? file.replace(/\.png$/, '.trace.zip') : '';
        if (trace) await fenced.context.tracing.stop({ path: trace }).catch(() => undefined);
        console.error(
          `screenshot: ${file} (at ${fenced.page.url()}), ${trace ? `trace: ${trace}` : 'trace: run again with E2E_TRACE=1'}`,
        );
        // CI keeps only its printed log: what the page showed and said is the post-mortem there.
        const shown = await fenced.page
          .evaluate(() => {
            const doc = (globalThis as unknown as { document: { body: { innerText: string } } }).document;
            return doc.body.innerText.slice(0, 1500);
          })
          .catch((error: unknown) => `(page text unavailable: ${String(error)})`);
        console.error(`page text:\n${shown}\nconsole:\n${fenced.consoleLog.join('\n')}`);
      }
      console.error(`server log tail:\n${server?.logs().slice(-4000) ?? ''}`);
    }
    for (const fenced of opened) {
      if (!failed && tracingWanted()) await fenced.context.tracing.stop().catch(() => undefined);
      await fenced.close();
    }
    expect(
      opened.flatMap((p) => p.foreignRequests),
      'requests to hosts other than this machine',
    ).toEqual([]);
    expect(
      opened.flatMap((p) => p.pageErrors),
      'uncaught errors in the page',
    ).toEqual([]);
  });

  const running = () => {
    if (!server || !browser) throw new Error('e2e server or browser not started');
    return { server, browser };
  };

  return {
    get baseUrl() {
      return running().server.baseUrl;
    },
    get dataDir() {
      return running().server.dataDir;
    },
    async newPage(options) {
      const { server: s, browser: b } = running();
      const fenced = await openFencedPage(b, options?.baseUrl ?? s.baseUrl, options);
      pages.push(fenced);
      return fenced.page;
    },
    latestCode: (to, options) => latestCode(running().server.dataDir, to, options),
    countCodes: (to) => countCodes(running().server.dataDir, to),
  };
}
