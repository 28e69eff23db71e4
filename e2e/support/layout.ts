/**
 * Layout checks run in the page: which visible items of a bar overlap each other, and which are cut (their
 * text wider than their box, or their box outside the viewport). Returns readable problems; [] when clean.
 */
import type { Page } from 'playwright-core';

export async function layoutProblems(page: Page, itemSelectors: string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    interface Item {
      name: string;
      el: Element;
      box: DOMRect;
    }
    const doc = (globalThis as unknown as { document: Document }).document;
    const win = globalThis as unknown as { innerWidth: number; getComputedStyle: typeof getComputedStyle };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = win.getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const items: Item[] = [];
    for (const selector of selectors) {
      doc.querySelectorAll(selector).forEach((el, i) => {
        // Visually hidden texts (1 px, clipped) are for screen readers, not part of the layout.
        if (!shown(el) || el.getBoundingClientRect().width <= 1) return;
        const text = (el as HTMLElement).innerText.trim().slice(0, 30);
        items.push({ name: `${selector}[${i}] "${text}"`, el, box: el.getBoundingClientRect() });
      });
    }
    const problems: string[] = [];
    for (const [i, a] of items.entries()) {
      if (a.box.left < 0 || a.box.right > win.innerWidth + 0.5) {
        problems.push(`${a.name} leaves the viewport (${a.box.left}..${a.box.right} of ${win.innerWidth})`);
      }
      // The item or anything in it whose content is wider than its box is cut (or ellipsised).
      for (const el of [a.el, ...a.el.querySelectorAll('*')]) {
        const html = el as HTMLElement;
        if (shown(el) && html.clientWidth > 1 && html.scrollWidth > html.clientWidth + 1) {
          problems.push(`${a.name} is cut: ${html.className} ${html.scrollWidth} > ${html.clientWidth}`);
        }
      }
      for (const b of items.slice(i + 1)) {
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const overlapX = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const overlapY = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (overlapX > 0.5 && overlapY > 0.5) problems.push(`${a.name} overlaps ${b.name} by ${overlapX} px`);
      }
    }
    return problems;
  }, itemSelectors);
}
