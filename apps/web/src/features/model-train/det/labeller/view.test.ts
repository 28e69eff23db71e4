import { describe, expect, it } from 'vitest';
import { fitView, imageToScreen, MAX_ZOOM, panBy, screenToImage, wheelFactor, zoomAt } from './view.ts';

describe('fitView', () => {
  it('fits a wide image and centres it vertically', () => {
    expect(fitView(200, 100, 400, 400)).toEqual({ scale: 2, offsetX: 0, offsetY: 100 });
  });
  it('falls back to 1:1 for an empty viewport', () => {
    expect(fitView(200, 100, 0, 400)).toEqual({ scale: 1, offsetX: 0, offsetY: 0 });
  });
});

describe('screen ↔ image', () => {
  it('round-trips', () => {
    const view = { scale: 2.5, offsetX: 13, offsetY: -7 };
    const p = screenToImage(view, imageToScreen(view, { x: 31, y: 44 }));
    expect(p.x).toBeCloseTo(31);
    expect(p.y).toBeCloseTo(44);
  });
});

describe('zoomAt', () => {
  it('keeps the image pixel under the anchor', () => {
    const view = { scale: 1, offsetX: 10, offsetY: 20 };
    const anchor = { x: 110, y: 70 };
    const before = screenToImage(view, anchor);
    const zoomed = zoomAt(view, 2, anchor, 1);
    expect(zoomed.scale).toBe(2);
    const after = screenToImage(zoomed, anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });
  it('stops at the zoom limits', () => {
    const view = { scale: 1, offsetX: 0, offsetY: 0 };
    expect(zoomAt(view, 1000, { x: 0, y: 0 }, 1).scale).toBe(MAX_ZOOM);
    expect(zoomAt(view, 0.0001, { x: 0, y: 0 }, 1).scale).toBe(0.25);
  });
});

describe('panBy and wheelFactor', () => {
  it('pans', () => {
    expect(panBy({ scale: 2, offsetX: 1, offsetY: 2 }, 5, -5)).toEqual({ scale: 2, offsetX: 6, offsetY: -3 });
  });
  it('zooms in on wheel up and out on wheel down', () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1);
    expect(wheelFactor(100)).toBeLessThan(1);
    expect(wheelFactor(100) * wheelFactor(-100)).toBeCloseTo(1);
  });
});
