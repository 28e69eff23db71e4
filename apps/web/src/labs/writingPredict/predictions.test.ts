import { knnExample } from '@ai-edu/ml/doodles/knn.ts';
import { describe, expect, it } from 'vitest';
import { baseLabel, mixPredictions, percentText, readyLabels, type TaughtFeatures } from './predictions.ts';

/** Features pointing mostly along one axis of four, with a little of another. */
const along = (axis: number, wobble = 0, other = (axis + 1) % 4) =>
  Array.from({ length: 4 }, (_, i) => (i === axis ? 1 : i === other ? wobble : 0));

/** Two example drawings per base category 0–2, along axes 0–2. */
const baseExamples = [0, 1, 2].flatMap((c) => [
  knnExample(baseLabel(c), along(c, 0.1)),
  knnExample(baseLabel(c), along(c, 0.2)),
]);
const probs = [0.7, 0.2, 0.1];
const robot = (count: number): TaughtFeatures => ({
  name: 'robot',
  features: Array.from({ length: count }, (_, i) => along(3, 0.05 * i)),
});

describe('mixing the base model with taught labels', () => {
  it('answers the base model alone, best first, when nothing is taught', () => {
    const guesses = mixPredictions({ probs, features: along(3), baseExamples, taught: [] });
    expect(guesses).toEqual([
      { kind: 'base', key: 0, share: 0.7 },
      { kind: 'base', key: 1, share: 0.2 },
      { kind: 'base', key: 2, share: 0.1 },
    ]);
  });

  it('leaves out a taught label with fewer than 3 examples, however alike', () => {
    expect(readyLabels([robot(2), robot(3)])).toEqual([robot(3)]);
    const guesses = mixPredictions({ probs, features: along(3), baseExamples, taught: [robot(2)] });
    expect(guesses.map((g) => g.key)).toEqual([0, 1, 2]);
  });

  it('puts a taught label first when its examples are clearly closer than the model is sure', () => {
    // The drawing is like the robots and like no base example: the robots win the vote.
    const guesses = mixPredictions({ probs, features: along(3, 0.05), baseExamples, taught: [robot(3)] });
    expect(guesses[0]).toMatchObject({ kind: 'taught', key: 'robot' });
    expect(guesses[0]!.share).toBeGreaterThan(0.5);
    // The base model keeps its order for the rest, and every share together is still 1.
    expect(guesses.slice(1).map((g) => g.key)).toEqual([0, 1, 2]);
    expect(guesses.reduce((sum, g) => sum + g.share, 0)).toBeCloseTo(1, 6);
    expect(guesses[1]!.share).toBeCloseTo(0.7 * (1 - guesses[0]!.share), 6);
  });

  it('leaves the model alone for a drawing like its own examples', () => {
    const guesses = mixPredictions({ probs, features: along(0, 0.15), baseExamples, taught: [robot(3)] });
    expect(guesses).toEqual(mixPredictions({ probs, features: along(0, 0.15), baseExamples, taught: [] }));
  });

  it('counts taught labels only when they win most of the vote, however unsure the model is', () => {
    const unsure = [0.2, 0.2, 0.2, 0.2, 0.2];
    // Two of the robot examples are like the drawing, the third is not.
    const robots: TaughtFeatures = {
      name: 'robot',
      features: [along(3, 0.3, 0), along(3, 0.35, 0), along(2, 0)],
    };
    // Nearer category 0: its two drawings, the two robots and one of category 2 are the nearest five, and the
    // robots win 46 % of the vote. A minority: the model decides alone, though it is only 20 % sure.
    const nearerKnown = [1, 0.05, 0, 0.6];
    const known = mixPredictions({ probs: unsure, features: nearerKnown, baseExamples, taught: [robots] });
    expect(known.every((g) => g.kind === 'base')).toBe(true);
    // Nearer the robots: they win two thirds of the vote and lead.
    const nearerRobots = [0.5, 0, 0, 1];
    const taught = mixPredictions({ probs: unsure, features: nearerRobots, baseExamples, taught: [robots] });
    expect(taught[0]).toMatchObject({ kind: 'taught', key: 'robot' });
    expect(taught[0]!.share).toBeGreaterThan(0.5);
  });

  it('compares directions, not lengths: long feature vectors get no extra say', () => {
    // Examples only a little like the drawing (the model's category-0 drawings are far nearer), with
    // features as the model answers them: not unit length, here ten times longer.
    const long: TaughtFeatures = {
      name: 'robot',
      features: [0.4, 0.5, 0.6].map((x) => [x * 10, 0, 0, 10]),
    };
    const drawing = along(0, 0.15);
    const guesses = mixPredictions({ probs, features: drawing, baseExamples, taught: [long] });
    expect(guesses).toEqual(mixPredictions({ probs, features: drawing, baseExamples, taught: [] }));
  });

  it('splits the vote between two taught labels by how alike their examples are', () => {
    const star: TaughtFeatures = {
      name: 'star',
      features: [along(2, 0.9, 3), along(2, 1, 3), along(2, 1.1, 3)],
    };
    const guesses = mixPredictions({
      probs,
      features: along(3, 0.02),
      baseExamples,
      taught: [robot(3), star],
    });
    const share = (name: string) => guesses.find((g) => g.kind === 'taught' && g.key === name)?.share ?? 0;
    // The three robots are the nearest; the stars, half alike, take the other two votes.
    expect(guesses[0]).toMatchObject({ kind: 'taught', key: 'robot' });
    expect(share('star')).toBeGreaterThan(0.2);
    expect(share('robot')).toBeGreaterThan(share('star'));
    expect(share('robot') + share('star')).toBeCloseTo(1, 3);
  });

  it('shows at most `top` guesses', () => {
    expect(mixPredictions({ probs, features: along(0), baseExamples, taught: [], top: 2 })).toHaveLength(2);
  });
});

describe('percent text', () => {
  it('rounds to whole percent and marks the tiny ones', () => {
    expect(percentText(0.874)).toBe('87%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(0.004)).toBe('<1%');
    expect(percentText(0.005)).toBe('1%');
  });
});
