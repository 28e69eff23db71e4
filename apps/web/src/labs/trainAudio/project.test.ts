import { describe, expect, it } from 'vitest';
import { clipToSamples, commandWordsOf, MIN_SAMPLES, trainBlocker, type SoundClass } from './project.ts';

const cls = (name: string, count: number, background = false): SoundClass => ({
  id: 0,
  name,
  background,
  samples: clipToSamples(new Float32Array(16_000 * count), 16_000),
});

describe('trainBlocker', () => {
  it('asks for a class besides the background noise', () => {
    expect(trainBlocker([cls('bg', 20, true)])).toEqual({ kind: 'classes' });
  });

  it('asks for different names', () => {
    expect(trainBlocker([cls('bg', 20, true), cls('a', 8), cls('a ', 8)])).toEqual({ kind: 'names' });
  });

  it(`names every class with fewer than ${MIN_SAMPLES} samples, and lets a full set train`, () => {
    expect(trainBlocker([cls('bg', 20, true), cls('a', 7), cls('b', 8)])).toEqual({
      kind: 'samples',
      names: ['a'],
    });
    expect(trainBlocker([cls('bg', 8, true), cls('a', 8), cls('b', 8)])).toBeNull();
  });

  it('slices a recording into 1-s samples', () => {
    expect(clipToSamples(new Float32Array(48_000 * 20), 48_000)).toHaveLength(20);
    expect(clipToSamples(new Float32Array(100), 48_000)).toHaveLength(0);
  });
});

describe('commandWordsOf', () => {
  it('leaves out the background class, by the lab’s classes or its default names', () => {
    const classes = [cls('quiet room', 0, true), cls('on', 0)];
    expect(commandWordsOf(['quiet room', 'on', 'off'], classes, ['background noise'])).toEqual(['on', 'off']);
    expect(commandWordsOf(['背景噪声', '开灯', '关灯'], [], ['background noise', '背景噪声'])).toEqual([
      '开灯',
      '关灯',
    ]);
  });
});
