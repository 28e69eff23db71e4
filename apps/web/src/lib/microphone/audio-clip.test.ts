import { describe, expect, it } from 'vitest';
import { clipSeconds, mixToMono, PcmCollector } from './audio-clip.ts';

describe('mixToMono', () => {
  it('averages the channels (over the shortest) and copies a single channel', () => {
    const left = Float32Array.from([1, 0.5, -1, 9]);
    const right = Float32Array.from([0, 0.5, 1]);
    expect(Array.from(mixToMono([left, right]))).toEqual([0.5, 0.5, 0]);
    const copy = mixToMono([left]);
    expect(Array.from(copy)).toEqual(Array.from(left));
    expect(copy).not.toBe(left);
    expect(mixToMono([])).toHaveLength(0);
  });
});

describe('PcmCollector', () => {
  it('copies the chunks it is given and stops at its limit', () => {
    const collector = new PcmCollector(5);
    const block = Float32Array.from([1, 2, 3]);
    collector.push(block);
    // The audio thread reuses its buffer: what was collected must not change with it.
    block.fill(7);
    collector.push(block);
    expect(collector.full).toBe(true);
    collector.push(block);
    expect(collector.length).toBe(5);
    expect(Array.from(collector.join())).toEqual([1, 2, 3, 7, 7]);
  });
});

describe('clipSeconds', () => {
  it('is the length over the rate', () => {
    expect(clipSeconds({ samples: new Float32Array(24_000), sampleRate: 48_000 })).toBe(0.5);
    expect(clipSeconds({ samples: new Float32Array(10), sampleRate: 0 })).toBe(0);
  });
});
