/**
 * The pen's drawing as the labs' networks take it: prepared by the labs' own preprocessing, and recognised
 * by the served networks (loaded from their files in Node, the bytes the page fetches) as the e2e test and
 * the doodle starter expect: a line is the digit 1, a seven is 7, a five-pointed star is a star.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { doodleProbabilities } from '@ai-edu/ml/doodles/model.ts';
import { loadServedDoodleModel } from '@ai-edu/ml/doodles/model-files-node.ts';
import { strokesToInput } from '@ai-edu/ml/doodles/raster.ts';
import { PAD } from '@ai-edu/ml/digits/strokes.ts';
import { loadLayersModelFiles } from '@ai-edu/ml/model-files-node.ts';
import { SpriteWorld } from '../runtime/sprite-world.ts';
import { DIGIT_SPAN, digitInputOf, digitPad, doodleInputOf } from './drawing-input.ts';

function drawn(draw: (world: SpriteWorld) => void): SpriteWorld {
  const world = new SpriteWorld();
  draw(world);
  return world;
}

const line = (world: SpriteWorld) => {
  world.goTo(0, -80);
  world.setPenDown(true);
  world.goTo(0, 80);
};
const seven = (world: SpriteWorld) => {
  world.goTo(-50, 80);
  world.setPenDown(true);
  world.goTo(50, 80);
  world.goTo(0, -80);
};
/** repeat 5: move 150, turn right 144 (the e2e test's and the starter's star). */
const star =
  (from: { x: number; y: number }, side = 150) =>
  (world: SpriteWorld) => {
    world.goTo(from.x, from.y);
    world.setPenDown(true);
    for (let i = 0; i < 5; i++) {
      world.move(side);
      world.turn(144);
    }
  };

describe('preparing the drawing', () => {
  it('an empty drawing has no input', () => {
    expect(doodleInputOf([])).toBeNull();
    expect(digitInputOf([])).toBeNull();
    expect(digitPad([])).toBeNull();
  });

  it('gives the doodle network the strokes as the doodle labs do (y downwards), wherever and however big', () => {
    const { segments } = drawn(star({ x: -60, y: 0 })).pen;
    const strokes = segments.map((s) => ({ x: [s.x0, s.x1], y: [-s.y0, -s.y1] }));
    expect(doodleInputOf(segments)).toEqual(strokesToInput(strokes));
    const smaller = drawn(star({ x: -150, y: -100 }, 60)).pen.segments;
    const a = doodleInputOf(segments)!;
    const b = doodleInputOf(smaller)!;
    const difference = a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    expect(difference).toBeLessThan(0.05);
  });

  it('paints the digit pad as the lab’s pen does: PAD.pen wide, the drawing across DIGIT_SPAN of the pad', () => {
    const pad = digitPad(drawn(line).pen.segments)!;
    expect(pad.width).toBe(PAD.pixels);
    const middle = pad.height / 2;
    const row = Array.from(pad.pixels.subarray(middle * pad.width, (middle + 1) * pad.width));
    const ink = row.reduce((sum, v) => sum + v, 0);
    expect(ink).toBeGreaterThan(PAD.pen - 1);
    expect(ink).toBeLessThan(PAD.pen + 1);
    const column = Array.from({ length: pad.height }, (_, y) => pad.pixels[y * pad.width + pad.width / 2]!);
    const inked = column.filter((v) => v > 0.5).length;
    expect(inked).toBeGreaterThan(PAD.pixels * DIGIT_SPAN);
    expect(inked).toBeLessThan(PAD.pixels * DIGIT_SPAN + PAD.pen + 2);
    expect(digitInputOf(drawn(line).pen.segments)).toHaveLength(28 * 28);
  });
});

describe('what the served networks make of pen drawings', () => {
  let doodle: tf.LayersModel;
  let digit: tf.LayersModel;
  beforeAll(async () => {
    await tf.setBackend('cpu');
    doodle = (await loadServedDoodleModel(tf)).model;
    const digitsDir = fileURLToPath(new URL('../../../../public/models/digits/', import.meta.url));
    digit = (await loadLayersModelFiles(tf, digitsDir)).model;
  });

  const bestDigit = (world: SpriteWorld) =>
    tf.tidy(() => {
      const input = tf.tensor4d(digitInputOf(world.pen.segments)!, [1, 28, 28, 1]);
      return (digit.predict(input) as tf.Tensor).argMax(1).dataSync()[0];
    });
  const bestDoodle = (world: SpriteWorld) => {
    const [probs] = doodleProbabilities(tf, doodle, [doodleInputOf(world.pen.segments)!]);
    return DOODLE_CATEGORIES[probs!.indexOf(Math.max(...probs!))]?.id;
  };

  it('reads a vertical line as 1 and a seven as 7', () => {
    expect(bestDigit(drawn(line))).toBe(1);
    expect(bestDigit(drawn(seven))).toBe(7);
  });

  it('sees a star in repeat 5 (move 150, turn 144)', () => {
    expect(bestDoodle(drawn(star({ x: -60, y: 0 })))).toBe('star');
  });
});
