import { describe, expect, it } from 'vitest';
import { analysisSize, containTransform, coverTransform, mapPoint, nextFps } from './geometry.ts';

describe('cover / contain', () => {
  it('fills a 300 × 300 square from a 640 × 480 camera, cropping the sides', () => {
    const t = coverTransform(640, 480, 300, 300);
    expect(t.scale).toBeCloseTo(300 / 480);
    expect(t.dy).toBeCloseTo(0);
    expect(t.dx).toBeCloseTo((300 - 640 * (300 / 480)) / 2);
    // The camera's centre lands on the square's centre.
    const [x, y] = mapPoint(t, 320, 240);
    expect(x).toBeCloseTo(150);
    expect(y).toBeCloseTo(150);
  });

  it('letterboxes with contain', () => {
    const t = containTransform(640, 480, 300, 300);
    expect(t.scale).toBeCloseTo(300 / 640);
    expect(t.dx).toBeCloseTo(0);
    expect(t.dy).toBeCloseTo((300 - 480 * (300 / 640)) / 2);
  });

  it('survives an empty source', () => {
    expect(coverTransform(0, 0, 300, 300)).toEqual({ scale: 1, dx: 0, dy: 0 });
  });
});

describe('nextFps', () => {
  it('starts at the first instant rate and converges towards a steady one', () => {
    let fps = nextFps(0, 100);
    expect(fps).toBeCloseTo(10);
    for (let i = 0; i < 100; i += 1) fps = nextFps(fps, 40);
    expect(fps).toBeGreaterThan(24.9);
    expect(fps).toBeLessThan(25.1);
    expect(nextFps(12, 0)).toBe(12);
  });
});

describe('analysisSize', () => {
  it('scales a 640 × 480 camera down to what the 300 × 300 live area shows pixel for pixel', () => {
    expect(analysisSize(640, 480, 300, 300)).toEqual({ width: 400, height: 300 });
    // Portrait cameras (phones) too.
    expect(analysisSize(480, 640, 300, 300)).toEqual({ width: 300, height: 400 });
  });

  it('never scales up a camera smaller than the display', () => {
    expect(analysisSize(320, 240, 300, 300)).toEqual({ width: 320, height: 240 });
  });

  it('survives an empty source', () => {
    expect(analysisSize(0, 0, 300, 300)).toEqual({ width: 0, height: 0 });
  });
});
