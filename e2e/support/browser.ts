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

const LOCAL_HOSTS = ['127.0.0.1', 'localhost', '[::1]', '::1'];
/** The names each browser maps to this machine (`localNames`), beside the loopback ones. */
const localHostsOf = new WeakMap<Browser, Set<string>>();

/** Debian's `chromium` (or CHROMIUM_PATH): the full browser, for pages with a camera or microphone. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  const installed = commandPath('chromium');
  if (!installed) throw new Error('Chromium not found: install Debian chromium or set CHROMIUM_PATH');
  return installed;
}

function commandPath(name: string): string | undefined {
  try {
    return execFileSync('/bin/sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Switches that give the page a fake camera or microphone (face-video.ts, camera.ts, microphone.ts). */
const MEDIA_SWITCH = /^--use-(?:fake-device-for-media-stream|fake-ui-for-media-stream|file-for-fake-)/;

/**
 * The browser for a test file: Debian's `chromium-headless-shell` where it is installed and the pages need no
 * camera or microphone, otherwise `chromiumPath()`. The headless shell is the same Chromium build without
 * the desktop browser's windowing (Playwright's own default for headless runs): the first e2e group takes
 * ~20 % less time on it (docs/testing.md). Its media capture and permission prompts are not a real
 * browser's (permission state "unknown", no frames from a fake camera), so those pages keep `chromium`.
 * CHROMIUM_PATH, when set, is used for everything.
 */
function browserFor(args: string[]): string {
  if (process.env.CHROMIUM_PATH?.trim() || args.some((arg) => MEDIA_SWITCH.test(arg))) return chromiumPath();
  return commandPath('chromium-headless-shell') ?? chromiumPath();
}

export interface LaunchOptions {
  /** Extra Chromium switches, e.g. a fake camera: `--use-file-for-fake-video-capture=face.y4m`. */
  args?: string[];
  /** Drops `--disable-gpu` (software WebGL stays available, for the WebGL benchmark). */
  gpu?: boolean;
  /**
   * Host names that lead to this machine, as a school's other computers would name the server
   * (`school.lan`): Chromium resolves them to 127.0.0.1, sends them past the dead proxy, and the fence
   * counts them as local.
   */
  localNames?: string[];
}

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const { args = [], gpu = false, localNames = [] } = options;
  const nameArgs =
    localNames.length === 0
      ? []
      : [
          `--host-resolver-rules=${localNames.map((name) => `MAP ${name} 127.0.0.1`).join(', ')}`,
          `--proxy-bypass-list=${localNames.join(';')}`,
        ];
  const launched = chromium.launch({
    executablePath: browserFor(args),
    headless: true,
    args: [
      '--no-sandbox',
      ...(gpu ? [] : ['--disable-gpu']),
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      // No request may leave the machine: all but loopback (which Chromium never proxies) goes to a dead port.
      '--proxy-server=http://127.0.0.1:9',
      ...nameArgs,
      ...args,
    ],
  });
  return launched.then((browser) => {
    localHostsOf.set(browser, new Set([...LOCAL_HOSTS, ...localNames]));
    return browser;
  });
}

export const tracingWanted = (): boolean => process.env.E2E_TRACE === '1';

function isLocal(url: string, localHosts: Set<string>): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:') return true;
  return localHosts.has(hostname);
}

/** Each fenced context's base URL, for helpers that talk to the same server from Node (sign-in.ts). */
const origins = new WeakMap<BrowserContext, string>();

/** The origin of the server `page`'s context was opened for. */
export function originOf(page: Page): string {
  const base = origins.get(page.context());
  if (!base) throw new Error('not a fenced page: open it with e2e.newPage()');
  return new URL(base).origin;
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

/** The little of the DOM the toast recorder uses (this file is typed without the DOM lib). */
interface ToastDocument {
  querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
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
  origins.set(context, baseUrl);
  const localHosts = localHostsOf.get(browser) ?? new Set(LOCAL_HOSTS);
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  const consoleLog: string[] = [];

  // The fence without intercepting every request (a round trip to Node per asset, costly on CI): Chromium
  // sends everything but loopback to a proxy that is not there (launchBrowser), so nothing leaves the machine,
  // and each attempt is recorded here to fail the test.
  context.on('request', (request) => {
    if (!isLocal(request.url(), localHosts)) foreignRequests.push(request.url());
  });
  if (lang) {
    await context.addInitScript((value) => {
      // Only before the first load: a test that switches language must see its choice survive reloads.
      // (Typed without the DOM lib: benchmarks in the Node-only root project import this file too.)
      const storage = (globalThis as unknown as { localStorage: PageStorage }).localStorage;
      if (!storage.getItem('lang')) storage.setItem('lang', value);
    }, lang);
  }

  // Every toast text, noted the moment it appears (ui.ts toastSeen): a toast lives 3 s, and on a loaded CI
  // machine one can come and go while the test still waits for the step before it.
  await context.addInitScript(() => {
    const scope = globalThis as unknown as {
      __e2eToasts: string[];
      document: ToastDocument;
      MutationObserver: new (callback: () => void) => {
        observe(target: ToastDocument, options: Record<string, boolean>): void;
      };
    };
    const texts: string[] = [];
    scope.__e2eToasts = texts;
    const seen = new WeakMap<object, string>();
    new scope.MutationObserver(() => {
      for (const notice of scope.document.querySelectorAll('.ant-message-notice')) {
        const text = notice.textContent ?? '';
        if (text && seen.get(notice) !== text) {
          seen.set(notice, text);
          texts.push(text);
        }
      }
    }).observe(scope.document, { childList: true, subtree: true, characterData: true });
  });

  // A Playwright trace (DOM snapshots, screencast, actions) only when asked for, E2E_TRACE=1, and kept only
  // when a test fails (harness.ts). Recording it costs a loaded 2-core machine a third of the e2e time, and
  // CI keeps only its printed log, which has the failure's page text, console and server log anyway.
  if (tracingWanted()) await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('websocket', (socket) => {
    if (!isLocal(socket.url(), localHosts)) foreignRequests.push(socket.url());
  });
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
