/**
 * Serves a built chunk whose default export throws when rendered: a page (or lab) that crashes, made from the
 * production build itself, so the app needs no test-only switch.
 */
import type { Page } from 'playwright-core';

export const BROKEN_MESSAGE = 'e2e: this page was broken on purpose';

/**
 * Breaks every chunk matching one of `patterns`; the returned list fills with the URLs actually served broken
 * as they load.
 */
export async function breakChunks(page: Page, patterns: string[]): Promise<string[]> {
  const broken: string[] = [];
  for (const pattern of patterns)
    await page.route(pattern, async (route) => {
      const response = await route.fetch();
      const source = await response.text();
      const replaced = source.replace(
        /export\s*\{([^}]*)\}\s*;?/,
        (clause, names: string) =>
          `export{${names.replace(/[\w$]+\s+as\s+default/, '__e2eBroken as default')}};` +
          `function __e2eBroken(){throw new Error(${JSON.stringify(BROKEN_MESSAGE)})}`,
      );
      if (replaced !== source && replaced.includes('__e2eBroken as default'))
        broken.push(route.request().url());
      // Not kept in the browser's cache (hashed chunks are served `immutable`): once the test unroutes,
      // a reload must fetch the real chunk again.
      await route.fulfill({
        response,
        body: replaced,
        headers: { ...response.headers(), 'cache-control': 'no-store' },
      });
    });
  return broken;
}
