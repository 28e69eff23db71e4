import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '@ai-edu/ml/nn/index.ts';
import { PlaygroundStore } from './playground-store.ts';

/** A hand-driven animation clock: `frame(ms)` runs the pending callback at that time. */
function fakeFrames() {
  let pending: FrameRequestCallback | null = null;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    pending = cb;
    return 1;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {
    pending = null;
  });
  return {
    frame(at: number) {
      const cb = pending;
      pending = null;
      cb?.(at);
    },
    get scheduled() {
      return pending !== null;
    },
  };
}

describe('playground store', () => {
  let clock: ReturnType<typeof fakeFrames>;
  beforeEach(() => {
    clock = fakeFrames();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('trains one epoch per frame while playing and stops on pause', () => {
    const store = new PlaygroundStore(defaultSettings());
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().epoch));
    store.play();
    expect(store.getSnapshot().playing).toBe(true);
    for (let i = 1; i <= 5; i++) clock.frame(i * 16);
    expect(store.getSnapshot().epoch).toBe(5);
    store.pause();
    expect(clock.scheduled).toBe(false);
    expect(store.getSnapshot()).toMatchObject({ playing: false, epoch: 5 });
    expect(seen.at(-1)).toBe(5);
  });

  it('steps by hand, resets to the same start, and restarts only for structural changes', () => {
    const settings = defaultSettings();
    const store = new PlaygroundStore(settings);
    const start = store.getSnapshot().testLoss;
    store.step();
    store.step();
    expect(store.getSnapshot().epoch).toBe(2);
    expect(store.getSnapshot().history).toHaveLength(3);
    store.setSettings({ ...settings, learningRate: 0.3 });
    expect(store.getSnapshot().epoch).toBe(2);
    store.setSettings({ ...settings, learningRate: 0.3, hiddenLayers: [3] });
    expect(store.getSnapshot().epoch).toBe(0);
    expect(store.getSnapshot().layers.map((l) => l.length)).toEqual([2, 3, 1]);
    store.setSettings(settings);
    store.step();
    store.reset();
    expect(store.getSnapshot()).toMatchObject({ epoch: 0, testLoss: start });
  });

  it('keeps the same layers array until the network is rebuilt', () => {
    const store = new PlaygroundStore(defaultSettings());
    const layers = store.getSnapshot().layers;
    store.step();
    expect(store.getSnapshot().layers).toBe(layers);
    store.setSettings({ ...defaultSettings(), features: ['x1'] });
    expect(store.getSnapshot().layers).not.toBe(layers);
  });

  it('redraws less often when frames are slow, and catches up when they are fast again', () => {
    const store = new PlaygroundStore(defaultSettings());
    let published = 0;
    store.subscribe(() => published++);
    store.play();
    published = 0;
    let now = 0;
    for (let i = 0; i < 30; i++) clock.frame((now += 100)); // 10 frames per second: struggling
    // Every frame still trains an epoch; only the redraws are spaced out.
    expect(published).toBeLessThan(15);
    expect(store.getSnapshot().epoch).toBeGreaterThan(24);
    published = 0;
    for (let i = 0; i < 30; i++) clock.frame((now += 16)); // 60 frames per second
    expect(published).toBeGreaterThan(20);
    store.pause();
    // Pausing always shows the latest state.
    expect(store.getSnapshot().epoch).toBe(60);
  });

  it('loads a preset from its first epoch and plays it', () => {
    const store = new PlaygroundStore(defaultSettings());
    store.step();
    store.load({ ...defaultSettings(), dataset: 'xor', hiddenLayers: [] });
    expect(store.getSnapshot()).toMatchObject({ epoch: 0, playing: true });
    clock.frame(16);
    expect(store.getSnapshot().epoch).toBe(1);
    store.dispose();
    expect(clock.scheduled).toBe(false);
  });
});
