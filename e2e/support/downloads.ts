/**
 * Seeing a lab's model download progress from a test: the model files matching `held` wait (in the test's
 * route, not in the page) until `release()`, so the page's "12.3 / 28.4 MB" bar is on screen long enough to
 * read, whatever the machine's speed; every model file request is counted, to check nothing downloads twice.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { gone, visible } from './ui.ts';

export interface HeldDownloads {
  /** Lets the held files through. */
  release(): void;
  /** Requests per URL path of every file under a models folder. */
  requests: Map<string, number>;
}

/** Model files: under /vision/…/models/ or /models/ (maybe in a content-hashed folder). */
const MODEL_FILE = /\/models\/.+\.(json|bin|gz)$/;

export async function holdModelFiles(page: Page, held: RegExp): Promise<HeldDownloads> {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requests = new Map<string, number>();
  // A route sees the requests of the page's workers too (the digit lab loads its network in one).
  await page.context().route(
    (url) => MODEL_FILE.test(url.pathname),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      requests.set(pathname, (requests.get(pathname) ?? 0) + 1);
      if (held.test(pathname)) await gate;
      // On to the network (the harness fences by a proxy, not a route).
      await route.fallback();
    },
  );
  return { release, requests };
}

/**
 * Waits for the download bar and reads it: "0.4 / 12.3 MB" (with a measured total) or "0.4 MB" (without);
 * some bytes have arrived, but not all of them (the held files).
 */
export async function readDownloadBar(page: Page, timeout: number): Promise<string> {
  const text = page.getByTestId('download-progress-text');
  await visible(text, timeout);
  const value = (await text.textContent()) ?? '';
  const match = /^(\d+\.\d)(?: \/ (\d+\.\d))? MB$/.exec(value);
  expect(match, value).not.toBeNull();
  if (match?.[2] !== undefined) expect(Number(match[1])).toBeLessThan(Number(match[2]));
  return value;
}

/** The bar goes once the files are in. */
export async function downloadBarGone(page: Page, timeout: number): Promise<void> {
  await gone(page.getByTestId('download-progress'), timeout);
}

/** Each model file was requested once: the progress bar's counting did not download anything twice. */
export function expectEachOnce(requests: Map<string, number>, files: readonly RegExp[]): void {
  for (const file of files) {
    const hits = [...requests].filter(([path]) => file.test(path));
    expect(hits.length, `requests for ${String(file)}`).toBeGreaterThan(0);
    for (const [path, count] of hits) expect(count, path).toBe(1);
  }
}
