/**
 * Cross-origin isolation and the CSP, seen from a test:
 * - `withoutCrossOriginIsolation(page)`: the page's documents arrive without COOP/COEP (as behind a proxy that
 *   drops them), so `crossOriginIsolated` is false and WASM threads are unavailable: the fallback path.
 * - `recordCspViolations(page)` / `cspViolations(page)`: every `securitypolicyviolation` the page's documents
 *   raise. Chromium reports some (a refused `eval`/`new Function`) only as this event, not as a console error.
 * Typed without the DOM lib: the benchmarks (a Node-only project) import this file too.
 */
import type { Page } from 'playwright-core';

export async function withoutCrossOriginIsolation(page: Page): Promise<void> {
  await page.route(
    (url) => url.protocol === 'http:',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-embedder-policy'];
      delete headers['cross-origin-opener-policy'];
      return route.fulfill({ response, headers });
    },
  );
}

interface ViolationEvent {
  violatedDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
}
interface ViolationWindow {
  __cspViolations: string[];
  document: { addEventListener: (type: string, listener: (event: ViolationEvent) => void) => void };
}

/** Starts recording (call before the page loads; each new document records its own). */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const win = globalThis as unknown as ViolationWindow;
    win.__cspViolations = [];
    win.document.addEventListener('securitypolicyviolation', (event) => {
      win.__cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** The violations the current document has raised so far. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as ViolationWindow).__cspViolations);
}
