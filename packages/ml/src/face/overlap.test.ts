import { describe, expect, it } from 'vitest';
import { iou, overlapOfSmaller, steadyFaces, suppressOverlaps, type Box } from './overlap.ts';

const face = (box: Box, score: number, label = '') => ({ box, score, label });

describe('box overlap', () => {
  it('is 1 for the same box, 0 for boxes apart, and in between for overlapping ones', () => {
    expect(iou([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(iou([0, 0, 10, 10], [20, 0, 10, 10])).toBe(0);
    expect(iou([0, 0, 10, 10], [5, 0, 10, 10])).toBeCloseTo(50 / 150);
    expect(iou([0, 0, 0, 0], [0, 0, 0, 0])).toBe(0);
  });

  it('sees a tight box inside a loose one as nested though their IoU is low', () => {
    const loose: Box = [0, 0, 20, 20];
    const tight: Box = [5, 5, 8, 8];
    expect(iou(loose, tight)).toBeLessThan(0.3);
    expect(overlapOfSmaller(loose, tight)).toBe(1);
  });
});

describe('one face, one box', () => {
  it('keeps one of two overlapping boxes of one face: the more confident', () => {
    // The walk's case: one steady face, two boxes, one "happy", one "sad".
    const happy = face([100, 80, 120, 140], 0.86, 'happy');
    const sad = face([108, 86, 116, 136], 0.96, 'sad');
    expect(suppressOverlaps([happy, sad])).toEqual([sad]);
  });

  it('keeps a tight box nested in a loose box of the same face once', () => {
    const loose = face([90, 70, 150, 170], 0.8);
    const tight = face([120, 100, 70, 80], 0.9);
    expect(suppressOverlaps([loose, tight])).toEqual([tight]);
  });

  it('keeps faces side by side, even cheek to cheek', () => {
    const left = face([0, 0, 100, 120], 0.9);
    const right = face([90, 5, 100, 120], 0.7);
    expect(suppressOverlaps([left, right])).toEqual([left, right]);
  });
});

describe('steady faces between frames', () => {
  it('continues the previous face with the box that overlaps it most, even if another is more confident', () => {
    const before: Box = [100, 80, 120, 140];
    const same = face([101, 81, 120, 140], 0.8, 'continues');
    const duplicate = face([115, 95, 115, 130], 0.95, 'duplicate');
    expect(steadyFaces([before], [duplicate, same]).map((f) => f.label)).toEqual(['continues']);
  });

  it('keeps the faces in the order of the previous frame, new faces after them from left to right', () => {
    const right = face([300, 0, 100, 100], 0.9, 'right');
    const left = face([0, 0, 100, 100], 0.6, 'left');
    const middle = face([150, 0, 100, 100], 0.99, 'middle');
    // The right face was face 1 last frame: it stays face 1.
    expect(steadyFaces([[302, 1, 100, 100]], [left, middle, right]).map((f) => f.label)).toEqual([
      'right',
      'left',
      'middle',
    ]);
    // A first frame: left to right.
    expect(steadyFaces([], [right, middle, left]).map((f) => f.label)).toEqual(['left', 'middle', 'right']);
  });

  it('drops a face that left the picture and never gives one detection to two previous faces', () => {
    const only = face([0, 0, 100, 100], 0.9, 'only');
    expect(
      steadyFaces(
        [
          [0, 0, 100, 100],
          [2, 2, 100, 100],
          [500, 500, 50, 50],
        ],
        [only],
      ),
    ).toEqual([only]);
  });

  it('gives one box per face over frames of a steady face reported twice in each', () => {
    let previous: Box[] = [];
    const labels: string[] = [];
    for (let frame = 0; frame < 6; frame++) {
      // The two candidates swap which is more confident every frame.
      const a = face([100 + frame, 80, 120, 140], frame % 2 ? 0.9 : 0.8, 'a');
      const b = face([110 + frame, 90, 112, 130], frame % 2 ? 0.8 : 0.9, 'b');
      const kept = steadyFaces(previous, [a, b]);
      expect(kept).toHaveLength(1);
      labels.push(kept[0]!.label);
      previous = kept.map((f) => f.box);
    }
    // The first frame picks the more confident; from then on the same box continues.
    expect(new Set(labels.slice(1))).toEqual(new Set([labels[0]]));
  });
});
