import { describe, expect, it } from 'vitest';
import { PRESETS } from './meta.ts';
import {
  followWindow,
  formatNumber,
  initialState,
  niceTicks,
  reducer,
  summarize,
  type Action,
  type LabState,
} from './model.ts';

const run = (state: LabState, ...actions: Action[]) => actions.reduce(reducer, state);

/** Plays until the descent stops by itself (or `max` frames of 50 steps). */
function playToEnd(state: LabState, max = 400): LabState {
  let s = reducer(state, { type: 'play' });
  for (let i = 0; i < max && s.running; i++) s = reducer(s, { type: 'advance', steps: 50 });
  return s;
}

describe('presets', () => {
  it('converge with the default learning rate to the least-squares line, in real units', () => {
    for (const preset of PRESETS.filter((p) => p.id !== 'blank')) {
      const end = playToEnd(initialState(preset.id));
      expect(end.outcome, preset.id).toBe('converged');
      const fit = summarize(end);
      expect(fit.ls.status).toBe('ok');
      // The default rate is stable for every preset: scaling made one rate fit all.
      expect(fit.limit, preset.id).toBeGreaterThan(end.learningRate);
      const { xMax, xMin, yMax, yMin } = preset.domain;
      expect(Math.abs(fit.gd.line.w - fit.ls.line.w), preset.id).toBeLessThan(
        1e-4 * ((yMax - yMin) / (xMax - xMin)),
      );
      expect(Math.abs(fit.gd.line.b - fit.ls.line.b), preset.id).toBeLessThan(1e-4 * (yMax - yMin));
      expect(Math.abs(fit.gd.loss - fit.ls.loss)).toBeLessThan(1e-7 * fit.ls.loss);
      expect(fit.steps).toBeLessThan(2000);
    }
  });

  it('keep the points inside their axes', () => {
    for (const preset of PRESETS) {
      for (const p of preset.points()) {
        expect(p.x).toBeGreaterThanOrEqual(preset.domain.xMin);
        expect(p.x).toBeLessThanOrEqual(preset.domain.xMax);
        expect(p.y).toBeGreaterThanOrEqual(preset.domain.yMin);
        expect(p.y).toBeLessThanOrEqual(preset.domain.yMax);
      }
    }
  });
});

describe('the too-large learning rate demo', () => {
  it('sets a rate just above the stability limit, plays, and stops once the loss has blown up', () => {
    const start = initialState('study');
    const limit = summarize(start).limit;
    let s = reducer(start, { type: 'tooLarge' });
    expect(s.learningRate).toBeGreaterThan(limit);
    expect(s.learningRate).toBeLessThan(1.1 * limit);
    expect(s).toMatchObject({ running: true, demo: true, speed: 'slow' });
    s = playToEnd(s);
    expect(s.outcome).toBe('diverged');
    expect(s.running).toBe(false);
    expect(s.losses.at(-1)!).toBeGreaterThan(1e4 * s.losses[0]!);
    // Every step after the first few raised the loss.
    expect(s.losses.slice(10).every((l, i) => l > s.losses[i + 9]!)).toBe(true);
    // Lowering the rate and playing again starts over and converges.
    s = playToEnd(run(s, { type: 'learningRate', value: 0.3 }));
    expect(s.outcome).toBe('converged');
    expect(s.demo).toBe(false);
  });
});

describe('editing points', () => {
  it('adds (clamped to the axes), moves and removes points, restarting the history where the line is', () => {
    let s = run(
      initialState('blank'),
      { type: 'add', point: { x: 1, y: 2 } },
      { type: 'add', point: { x: 12, y: -3 } },
    );
    expect(s.points).toEqual([
      { x: 1, y: 2 },
      { x: 10, y: 0 },
    ]);
    s = run(s, { type: 'play' }, { type: 'advance', steps: 5 });
    const line = s.path.at(-1);
    s = run(s, { type: 'move', index: 1, point: { x: 8, y: 9 } });
    expect(s.points[1]).toEqual({ x: 8, y: 9 });
    expect(s.path).toEqual([line]);
    expect(s.running).toBe(true);
    s = run(s, { type: 'remove', index: 0 }, { type: 'remove', index: 5 });
    expect(s.points).toEqual([{ x: 8, y: 9 }]);
    s = run(s, { type: 'clear' });
    expect(s.points).toEqual([]);
    expect(s.losses).toEqual([0]);
  });

  it('gives finite numbers and a reason for degenerate data', () => {
    const one = run(initialState('blank'), { type: 'add', point: { x: 4, y: 6 } });
    expect(summarize(one).ls.status).toBe('single-point');
    const same = run(one, { type: 'add', point: { x: 4, y: 2 } });
    const fit = summarize(playToEnd(same));
    expect(fit.ls.status).toBe('same-x');
    expect(fit.ls.line).toEqual({ w: 0, b: 4 });
    for (const v of [fit.gd.line.w, fit.gd.line.b, fit.gd.loss, fit.ls.loss, fit.limit]) {
      expect(Number.isFinite(v)).toBe(true);
    }
    const empty = summarize(initialState('blank'));
    expect(empty.ls.status).toBe('empty');
    expect(empty.gd.loss).toBe(0);
  });
});

describe('controls', () => {
  it('steps, resets to the start, and starts from a point picked on the map', () => {
    let s = run(initialState('noisy'), { type: 'advance', steps: 3 });
    expect(summarize(s).steps).toBe(3);
    expect(s.losses[3]!).toBeLessThan(s.losses[0]!);
    s = run(s, { type: 'reset' });
    expect(s.path).toEqual([{ w: 0, b: 0 }]);
    s = run(s, { type: 'startAt', line: { w: 1, b: -0.5 } }, { type: 'reset' });
    expect(s.path).toEqual([{ w: 1, b: -0.5 }]);
    expect(run(s, { type: 'learningRate', value: 99 }).learningRate).toBe(3);
    expect(run(s, { type: 'learningRate', value: NaN }).learningRate).toBe(0.5);
  });

  it('keeps the learning rate and speed when another preset is picked', () => {
    const s = run(
      initialState('study'),
      { type: 'learningRate', value: 0.2 },
      { type: 'speed', value: 'fast' },
      { type: 'preset', id: 'house' },
    );
    expect(s).toMatchObject({ preset: 'house', learningRate: 0.2, speed: 'fast' });
    expect(s.points.length).toBeGreaterThan(10);
  });
});

describe('the map window', () => {
  const base = { wMin: -1, wMax: 1, bMin: 0, bMax: 2 };

  it('stays put while the path is inside, and follows it out up to 5 times its size', () => {
    expect(followWindow(base, [{ w: 0.5, b: 1 }])).toEqual(base);
    const grown = followWindow(base, [{ w: 2, b: 1 }]);
    expect(grown).toEqual({ wMin: -1, wMax: 2.1, bMin: 0, bMax: 2 });
    const capped = followWindow(base, [
      { w: 1e9, b: -1e9 },
      { w: NaN, b: Infinity },
    ]);
    expect(capped).toEqual({ wMin: -1, wMax: 5, bMin: -4, bMax: 2 });
  });
});

describe('display helpers', () => {
  it('makes round ticks', () => {
    expect(niceTicks(0, 10, 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0, 800, 4)).toEqual([0, 200, 400, 600, 800]);
    expect(niceTicks(-0.4, 1.3, 4)).toEqual([0, 0.5, 1]);
    expect(niceTicks(-0.35, 0.12, 5)).toEqual([-0.3, -0.2, -0.1, 0, 0.1]);
    expect(niceTicks(-0.85, 0.85, 3)).toEqual([-0.5, 0, 0.5]);
    expect(niceTicks(1, 1)).toEqual([1]);
  });

  it('formats numbers readably', () => {
    expect(formatNumber(5.8123)).toBe('5.812');
    expect(formatNumber(36.456)).toBe('36.46');
    expect(formatNumber(-123.44)).toBe('−123.4');
    expect(formatNumber(-0.0001)).toBe('−1.00e-4');
    expect(formatNumber(-0.00001 * 0)).toBe('0.000');
    expect(formatNumber(2.5e7)).toBe('2.50e7');
    expect(formatNumber(Infinity)).toBe('∞');
    expect(formatNumber(NaN)).toBe('—');
  });
});
