import { describe, expect, it } from 'vitest';
import {
  binRanges,
  COLOR_SCALE,
  colorIndex,
  segmentSpan,
  spectrogramPicture,
  viewFftSize,
  waveformColumns,
} from './sound-view-core.ts';

/** Brightness (r + g + b) of one pixel of a picture. */
function brightness(picture: { pixels: Uint8ClampedArray; width: number }, x: number, y: number): number {
  const p = (y * picture.width + x) * 4;
  return picture.pixels[p]! + picture.pixels[p + 1]! + picture.pixels[p + 2]!;
}

describe('waveformColumns', () => {
  it('keeps the lowest and highest sample of each column', () => {
    const samples = Float32Array.from([0, 0.5, -0.25, 1, -1, 0.1, 0.2, 0.3]);
    const { min, max } = waveformColumns(samples, 4);
    expect(Array.from(max)).toEqual([0.5, 1, 0.10000000149011612, 0.30000001192092896]);
    expect(Array.from(min)).toEqual([0, -0.25, -1, 0.20000000298023224]);
    // More columns than samples: each column still shows a sample, none is left empty.
    expect(Array.from(waveformColumns(Float32Array.from([0.5, -0.5]), 4).max)).toEqual([
      0.5, 0.5, -0.5, -0.5,
    ]);
  });
});

describe('colour scale', () => {
  it('runs from black (silent) to bright (loud), clamped at both ends', () => {
    expect(colorIndex(-200, -80, 0)).toBe(0);
    expect(colorIndex(10, -80, 0)).toBe(255);
    expect(colorIndex(-40, -80, 0)).toBe(128);
    const sum = (i: number) => COLOR_SCALE[i * 3]! + COLOR_SCALE[i * 3 + 1]! + COLOR_SCALE[i * 3 + 2]!;
    expect(sum(0)).toBeLessThan(10);
    expect(sum(255)).toBeGreaterThan(650);
    for (let i = 1; i < 256; i++) expect(sum(i)).toBeGreaterThanOrEqual(sum(i - 1));
  });
});

describe('spectrogramPicture', () => {
  it('draws a low tone near the bottom and a high tone near the top, the rest dark', () => {
    const sampleRate = 16_000;
    const tone = (hz: number) =>
      Float32Array.from(
        { length: sampleRate },
        (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / sampleRate),
      );
    const height = 80;
    const rowOf = (hz: number) => Math.round(height - 1 - (hz / 8000) * height);
    const low = spectrogramPicture(tone(500), sampleRate, 40, height);
    expect(low.maxHz).toBe(8000);
    expect(low.pixels).toHaveLength(40 * height * 4);
    expect(brightness(low, 20, rowOf(500))).toBeGreaterThan(600);
    expect(brightness(low, 20, rowOf(6000))).toBeLessThan(60);
    const high = spectrogramPicture(tone(6000), sampleRate, 40, height);
    expect(brightness(high, 20, rowOf(6000))).toBeGreaterThan(600);
    expect(brightness(high, 20, rowOf(500))).toBeLessThan(60);
  });

  it('shows time left to right: a tone in the second half lights only the right side', () => {
    const sampleRate = 16_000;
    const samples = Float32Array.from({ length: sampleRate }, (_, i) =>
      i >= sampleRate / 2 ? 0.5 * Math.sin((2 * Math.PI * 1000 * i) / sampleRate) : 0,
    );
    const picture = spectrogramPicture(samples, sampleRate, 50, 80);
    const row = Math.round(79 - (1000 / 8000) * 80);
    expect(brightness(picture, 5, row)).toBeLessThan(60);
    expect(brightness(picture, 45, row)).toBeGreaterThan(600);
  });

  it('is an opaque black picture for a clip shorter than one window', () => {
    const picture = spectrogramPicture(new Float32Array(10), 48_000, 4, 4);
    expect(Array.from(picture.pixels.subarray(0, 4))).toEqual([0, 0, 0, 255]);
    expect(picture.maxHz).toBe(8000);
    expect(viewFftSize(48_000)).toBe(1024);
    expect(viewFftSize(16_000)).toBe(512);
  });
});

describe('segmentSpan', () => {
  it('places a segment in percent of the clip, clamped to it', () => {
    expect(segmentSpan({ startMs: 500, endMs: 1500 }, 2000)).toEqual({ left: 25, width: 50 });
    expect(segmentSpan({ startMs: 1500, endMs: 9000 }, 2000)).toEqual({ left: 75, width: 25 });
    expect(segmentSpan({ startMs: 0, endMs: 10 }, 0)).toBeNull();
  });
});

describe('binRanges', () => {
  it('covers every bin once when rows are coarser than bins, and the nearest bin when finer', () => {
    // 4 rows over 0–800 Hz at 100 Hz per bin: the bottom row 0–200 Hz is bins 0–1, the top 600–800 bins 6–7.
    const coarse = binRanges(4, 800, 100, 512);
    expect(Array.from(coarse.from)).toEqual([6, 4, 2, 0]);
    expect(Array.from(coarse.to)).toEqual([7, 5, 3, 1]);
    // 8 rows over 0–200 Hz at 100 Hz per bin: each row shows one bin.
    const fine = binRanges(8, 200, 100, 512);
    for (let y = 0; y < 8; y++) expect(fine.to[y]).toBe(fine.from[y]);
    expect(fine.from[7]).toBe(0);
    expect(fine.from[0]).toBe(2);
  });
});
