import { describe, expect, it } from 'vitest';
import { normalizeKeypoints, valuesPerPoint, type Keypoint } from './keypoints.ts';

const pose: Keypoint[] = [
  { x: 100, y: 50, score: 0.9 },
  { x: 80, y: 100, score: 0.8 },
  { x: 120, y: 100, score: 0.8 },
  { x: 100, y: 200, score: 0.7 },
];

describe('normalizeKeypoints', () => {
  it('does not change when the pose moves or is nearer the camera', () => {
    const base = normalizeKeypoints(pose);
    const moved = normalizeKeypoints(pose.map((p) => ({ ...p, x: p.x * 2.5 + 300, y: p.y * 2.5 - 40 })));
    expect(base).toHaveLength(pose.length * 3);
    moved.forEach((v, i) => expect(v).toBeCloseTo(base[i]!, 5));
  });

  it('centres on (0, 0) with a unit spread', () => {
    const v = normalizeKeypoints(pose, { visibility: false });
    let sx = 0;
    let sy = 0;
    let s2 = 0;
    for (let i = 0; i < v.length; i += 2) {
      sx += v[i]!;
      sy += v[i + 1]!;
      s2 += v[i]! ** 2 + v[i + 1]! ** 2;
    }
    expect(sx).toBeCloseTo(0, 5);
    expect(sy).toBeCloseTo(0, 5);
    expect(s2 / pose.length).toBeCloseTo(1, 5);
  });

  it('mirrors x on request', () => {
    const plain = normalizeKeypoints(pose);
    const mirrored = normalizeKeypoints(pose, { mirror: true });
    expect(mirrored[0]).toBeCloseTo(-plain[0]!, 5);
    expect(mirrored[1]).toBeCloseTo(plain[1]!, 5);
  });

  it('zeroes unsure points and leaves them out of the centre and scale', () => {
    const withHidden = [...pose, { x: 5000, y: -5000, score: 0.05 }];
    const v = normalizeKeypoints(withHidden);
    const base = normalizeKeypoints(pose);
    base.forEach((b, i) => expect(v[i]).toBeCloseTo(b, 5));
    expect(Array.from(v.slice(12))).toEqual([0, 0, 0]);
    expect(v[2]).toBe(1);
  });

  it('keeps z when asked and gives zeros when nothing is seen', () => {
    expect(valuesPerPoint({ useZ: true })).toBe(4);
    const v = normalizeKeypoints(
      pose.map((p, i) => ({ ...p, z: i })),
      { useZ: true },
    );
    expect(v).toHaveLength(16);
    expect(v[2]).not.toBe(0);
    expect(Array.from(normalizeKeypoints(pose.map((p) => ({ ...p, score: 0 }))))).toEqual(
      new Array(12).fill(0),
    );
  });
});
