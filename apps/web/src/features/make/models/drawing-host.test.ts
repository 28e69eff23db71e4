/** The drawing blocks' host functions with fake networks: answers, empty drawings, caching, failures. */
import { describe, expect, it } from 'vitest';
import { SpriteWorld } from '../runtime/sprite-world.ts';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import type { DrawingNetwork, DrawingNetworkName } from './builtin-kit.ts';
import { drawingHostFunctions, type DrawingHostOptions } from './drawing-host.ts';

const STAR = DOODLE_CATEGORIES.findIndex((c) => c.id === 'star');

/** A network answering `best` with `p` (the rest spread out), counting its calls and its disposal. */
function fakeNetwork(classes: number, best: number, p: number) {
  const calls: Float32Array[] = [];
  let disposed = 0;
  const network: DrawingNetwork = {
    probabilities: (input) => {
      calls.push(input);
      return Promise.resolve(
        Array.from({ length: classes }, (_, i) => (i === best ? p : (1 - p) / (classes - 1))),
      );
    },
    dispose: () => disposed++,
  };
  return { network, calls, disposed: () => disposed };
}

function setUp(overrides: Partial<DrawingHostOptions> = {}) {
  const world = new SpriteWorld();
  const doodle = fakeNetwork(DOODLE_CATEGORIES.length, STAR, 0.876);
  const digit = fakeNetwork(10, 7, 0.9);
  const problems: [DrawingNetworkName, string][] = [];
  const ended = new AbortController();
  let language = 'en';
  const host = drawingHostFunctions({
    pen: world.pen,
    networks: { doodle: () => Promise.resolve(doodle.network), digit: () => Promise.resolve(digit.network) },
    language: () => language,
    signal: ended.signal,
    onProblem: (network, message) => problems.push([network, message]),
    ...overrides,
  });
  const draw = () => {
    world.setPenDown(true);
    world.move(100);
    world.turn(90);
    world.move(100);
  };
  return { world, host, doodle, digit, problems, ended, draw, speak: (l: string) => (language = l) };
}

describe('drawing host functions', () => {
  it('answer the best doodle category in the student’s language, its confidence and the digit', async () => {
    const { host, draw, speak } = setUp();
    draw();
    expect(await host.drawingLabel!()).toBe('star');
    expect(await host.drawingConfidence!()).toBe(88);
    expect(await host.drawingDigit!()).toBe(7);
    speak('zh-CN');
    expect(await host.drawingLabel!()).toBe('星星');
  });

  it('answer "" (and 0) for an empty drawing without loading a network', async () => {
    let loads = 0;
    const { host } = setUp({
      networks: {
        doodle: () => (loads++, Promise.reject(new Error('not needed'))),
        digit: () => (loads++, Promise.reject(new Error('not needed'))),
      },
    });
    expect(await host.drawingLabel!()).toBe('');
    expect(await host.drawingConfidence!()).toBe(0);
    expect(await host.drawingDigit!()).toBe('');
    expect(loads).toBe(0);
  });

  it('read a drawing once, and again after it changed (cleared and drawn anew)', async () => {
    const { host, world, doodle, draw } = setUp();
    draw();
    await host.drawingLabel!();
    await host.drawingConfidence!();
    expect(doodle.calls).toHaveLength(1);
    world.clearPen();
    expect(await host.drawingLabel!()).toBe('');
    draw();
    await host.drawingLabel!();
    expect(doodle.calls).toHaveLength(2);
  });

  it('a network that cannot load is told once; its blocks answer "" and the others still work', async () => {
    let loads = 0;
    const digit = fakeNetwork(10, 3, 0.8);
    const { host, draw, problems } = setUp({
      networks: {
        doodle: () => (loads++, Promise.reject(new Error('HTTP 404'))),
        digit: () => Promise.resolve(digit.network),
      },
    });
    draw();
    expect(await host.drawingLabel!()).toBe('');
    expect(await host.drawingConfidence!()).toBe(0);
    expect(await host.drawingDigit!()).toBe(3);
    expect(problems).toEqual([['doodle', 'HTTP 404']]);
    expect(loads).toBe(1);
  });

  it('without the labs’ networks (no kit) the blocks say so once and answer ""', async () => {
    const { host, draw, problems } = setUp({ networks: null });
    draw();
    expect(await host.drawingDigit!()).toBe('');
    expect(await host.drawingDigit!()).toBe('');
    expect(problems.map(([network]) => network)).toEqual(['digit']);
  });

  it('the run’s end frees the networks it loaded', async () => {
    const { host, draw, digit, ended } = setUp();
    draw();
    await host.drawingDigit!();
    expect(digit.disposed()).toBe(0);
    ended.abort();
    expect(digit.disposed()).toBe(1);
  });
});
