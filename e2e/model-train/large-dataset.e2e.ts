/**
 * A classification project of 1,000 pictures (small generated PNGs sent through the training API, two classes)
 * opens on its page without crashing: the Data tab's thumbnail grids are paged, so only a page of <img> per
 * class exists, and paging shows the next pictures. The JS heap (CDP `JSHeapUsedSize` and
 * `performance.memory.usedJSHeapSize`) is printed before and after, for the record; no timing or memory
 * assertion (docs/testing.md).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/admin.ts';
import { setupE2E } from '../support/harness.ts';
import { sessionUid, tinyPng, trainApi, type PngItem } from '../support/model-train.ts';
import { eventually, visible } from '../support/ui.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = setupE2E();
/** 1,000 uploads meet the per-minute upload limit once (the helper waits it out), then the page opens. */
const TEST_MS = 480_000;
const COUNT = 1000;
const CLASSES = ['light', 'dark'] as const;

async function heap(page: Page): Promise<{ cdp: number; performance: number | null }> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  const { metrics } = await session.send('Performance.getMetrics');
  await session.detach();
  const cdp = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  const performance = await page.evaluate(
    () =>
      (globalThis.performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
      null,
  );
  return { cdp, performance };
}

const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

describe('a large dataset', () => {
  it(
    'opens a project of 1,000 pictures with paged thumbnails',
    async () => {
      const account = await createUser(e2e.dataDir, {
        account: 'big.dataset@example.com',
        password: 'BigData2pass',
        vip: 1,
        days: 30,
      });
      const page = await e2e.newPage();
      await signIn(page, account);
      const api = trainApi(e2e.baseUrl, await sessionUid(page));
      const project = await api.createProject({ name: 'Thousand', kind: 'cls', classes: [...CLASSES] });
      const items: PngItem[] = Array.from({ length: COUNT }, (_, i) => ({
        fileName: `p-${String(i).padStart(4, '0')}.png`,
        png: tinyPng(i),
        width: 32,
        height: 32,
        label: CLASSES[i % 2],
      }));
      const uploadStart = Date.now();
      await api.uploadImages(project.id, items);
      console.log(
        `large-dataset: ${COUNT} pictures uploaded through the API in ${((Date.now() - uploadStart) / 1000).toFixed(1)} s`,
      );
      expect((await api.getProject(project.id)).imageCount).toBe(COUNT);

      await page.goto('/modelTrain');
      await visible(
        page.locator('.mt-project-card', { hasText: 'Thousand' }).getByText('1000 images · 2 classes'),
      );
      const before = await heap(page);

      await page.goto(`/modelTrain/mmedu/cls?project=${project.id}`);
      const dataset = page.locator(`.mt-dataset[data-image-count="${COUNT}"]`);
      await visible(dataset, 60_000);
      for (const name of CLASSES) {
        await visible(
          dataset.locator(`.mt-class-card[data-class="${name}"]`).getByText(`${COUNT / 2} pictures`),
        );
      }
      // Only one page of thumbnails per class is in the DOM.
      const thumbs = dataset.locator('.mt-thumb');
      await eventually(
        () => thumbs.count(),
        (n) => expect(n).toBe(2 * 60),
      );
      // The next page of a class shows other pictures.
      const light = dataset.locator('.mt-class-card[data-class="light"]');
      const firstIds = await light
        .locator('.mt-thumb')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-image-id')));
      await light.locator('.ant-pagination-item-2').click();
      await eventually(
        () => light.locator('.mt-thumb').first().getAttribute('data-image-id'),
        (id) => expect(firstIds).not.toContain(id),
      );
      // The thumbnails really load (same-origin links of the server).
      await eventually(
        () =>
          light
            .locator('.mt-thumb img')
            .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
        (loaded) => expect(loaded).toBeGreaterThan(0),
      );
      const after = await heap(page);
      console.log(
        `large-dataset heap: before ${mb(before.cdp)} (performance.memory ${mb(before.performance)}), ` +
          `after opening ${COUNT} pictures ${mb(after.cdp)} (performance.memory ${mb(after.performance)})`,
      );
      expect(after.cdp).toBeGreaterThan(0);
    },
    TEST_MS,
  );
});
