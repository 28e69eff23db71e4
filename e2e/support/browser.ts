/**
 * Debian's Chromium through playwright-core (no browser download). Every page is fenced: requests to any host
 * but this machine are aborted and recorded, so a test fails if the app reaches for the internet.
 */
import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The page's localStorage, for init scripts (no DOM lib needed). */
interface PageStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  try {
    return execFileSync('/bin/sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Chromium not found: install Debian chromium or set CHROMIUM_PATH');
  }
}

export interface LaunchOptions {
  /** Extra Chromium switches, e.g. a fake camera: `--use-file-for-fake-video-capture=face.y4m`. */
  args?: string[];
  /** Drops `--disable-gpu` (software WebGL stays available, for the WebGL benchmark). */
  gpu?: boolean;
}

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const { args = [], gpu = false } = options;
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      ...(gpu ? [] : ['--disable-gpu']),
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      ...args,
    ],
  });
}

function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:') return true;
  return LOCAL_HOSTS.has(hostname);
}

export interface FencedPage {
  page: Page;
  context: BrowserContext;
  /** URLs of aborted requests to other hosts. */
  foreignRequests: string[];
  /** Uncaught exceptions thrown in the page. */
  pageErrors: string[];
  /** The page's console messages (the newest 50), printed when a test fails. */
  consoleLog: string[];
  close: () => Promise<void>;
}

export interface PageOptions {
  /** UI language put in localStorage before the app loads; null leaves it unset (zh-CN default). */
  lang?: 'en' | 'zh-CN' | null;
  /** Browser permissions granted to the page's origin, e.g. ['camera']; none by default (a prompt is denied). */
  permissions?: string[];
  /**
   * The system's "reduce motion" setting; on by default, so antd's popups open without a zoom and a click
   * cannot land beside a control that is still moving (the app honours the setting, see reduced-motion.ts).
   */
  reducedMotion?: boolean;
}

export async function openFencedPage(
  browser: Browser,
  baseUrl: string,
  options: PageOptions = {},
): Promise<FencedPage> {
  const { lang = 'en', permissions = [], reducedMotion = true } = options;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    permissions,
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
  });
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  const consoleLog: string[] = [];

  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    foreignRequests.push(url);
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(/.*/, (ws) => {
    if (isLocal(ws.url())) ws.connectToServer();
    else {
      foreignRequests.push(ws.url());
      void ws.close();
    }
  });
  if (lang) {
    await context.addInitScript((value) => {
      // Only before the first load: a test that switches language must see its choice survive reloads.
      // (Typed without the DOM lib: benchmarks in the Node-only root project import this file too.)
      const storage = (globalThis as unknown as { localStorage: PageStorage }).localStorage;
      if (!storage.getItem('lang')) storage.setItem('lang', value);
    }, lang);
  }

  // A trace is kept only when a test fails (see harness.ts): DOM snapshots and actions for the post-mortem.
  await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // The server's CSP stops most foreign loads before they become requests; those count as foreign too.
  page.on('console', (message) => {
    consoleLog.push(`${message.type()}: ${message.text()}`);
    if (consoleLog.length > 50) consoleLog.shift();
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      foreignRequests.push(`blocked by CSP: ${message.text()}`);
    }
  });
  return { page, context, foreignRequests, pageErrors, consoleLog, close: () => context.close() };
}
