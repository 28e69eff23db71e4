import { describe, expect, it } from 'vitest';
import {
  EYE_INDICES,
  FACE_SIDE_LEFT,
  FACE_SIDE_RIGHT,
  NOSE_TIP,
  challengeDone,
  eyeAspectRatio,
  meshEyeAspectRatio,
  meshYaw,
  startChallenge,
  stepChallenge,
  type FrameMeasure,
} from './liveness.ts';

/** An eye 30 px wide whose lids are `open` px apart, at (x, y). */
function eye(x: number, y: number, open: number): number[][] {
  return [
    [x, y],
    [x + 10, y - open / 2],
    [x + 20, y - open / 2],
    [x + 30, y],
    [x + 20, y + open / 2],
    [x + 10, y + open / 2],
  ];
}

/** A 468-point mesh with the given eye opening and the nose `noseShift` px right of the face's centre. */
function mesh(open: number, noseShift = 0): number[][] {
  const points: number[][] = Array.from({ length: 468 }, () => [100, 100, 0]);
  const place = (indices: readonly number[], pts: number[][]) =>
    indices.forEach((index, i) => (points[index] = pts[i] ?? [0, 0]));
  place(EYE_INDICES.right, eye(60, 100, open));
  place(EYE_INDICES.left, eye(110, 100, open));
  points[FACE_SIDE_RIGHT] = [40, 110, 0];
  points[FACE_SIDE_LEFT] = [160, 110, 0];
  points[NOSE_TIP] = [100 + noseShift, 130, 0];
  return points;
}

describe('eye aspect ratio', () => {
  it('is lid distance over eye width, about 0.3 open and near 0 closed', () => {
    expect(eyeAspectRatio(eye(0, 0, 9))).toBeCloseTo(0.3, 5);
    expect(eyeAspectRatio(eye(0, 0, 1))).toBeCloseTo(1 / 30, 5);
    expect(meshEyeAspectRatio(mesh(9))).toBeCloseTo(0.3, 5);
  });

  it('does not depend on the face size', () => {
    const big = eye(0, 0, 9).map(([x = 0, y = 0]) => [x * 3, y * 3]);
    expect(eyeAspectRatio(big)).toBeCloseTo(eyeAspectRatio(eye(0, 0, 9)), 5);
  });

  it('is 0 for an incomplete mesh or a degenerate eye', () => {
    expect(meshEyeAspectRatio(mesh(9).slice(0, 100))).toBe(0);
    expect(eyeAspectRatio([[0, 0]])).toBe(0);
  });
});

describe('yaw', () => {
  it('is 0 facing the camera and signed by the side the nose moves to', () => {
    expect(meshYaw(mesh(9))).toBeCloseTo(0);
    expect(meshYaw(mesh(9, 30))).toBeCloseTo(0.5);
    expect(meshYaw(mesh(9, -30))).toBeCloseTo(-0.5);
    expect(meshYaw(mesh(9, 500))).toBe(1);
  });
});

const frames = (ear: number, count: number, yaw = 0): FrameMeasure[] =>
  Array.from({ length: count }, () => ({ ear, yaw }));

function run(steps: Parameters<typeof startChallenge>[0], input: FrameMeasure[]) {
  return input.reduce((state, frame) => stepChallenge(state, frame), startChallenge(steps));
}

describe('challenge', () => {
  it('counts a blink: open, closed, open again', () => {
    const state = run(['blink'], [...frames(0.3, 10), ...frames(0.08, 3), ...frames(0.3, 3)]);
    expect(challengeDone(state)).toBe(true);
  });

  it('does not count a still photo, open or closed-eyed, nor half a blink', () => {
    expect(challengeDone(run(['blink'], frames(0.3, 200)))).toBe(false);
    expect(challengeDone(run(['blink'], frames(0.08, 200)))).toBe(false);
    expect(challengeDone(run(['blink'], [...frames(0.3, 10), ...frames(0.08, 50)]))).toBe(false);
  });

  it('does not count squinting a little as a blink', () => {
    const state = run(['blink'], [...frames(0.3, 10), ...frames(0.22, 5), ...frames(0.3, 5)]);
    expect(challengeDone(state)).toBe(false);
  });

  it('counts a turn to the asked side and back, in order', () => {
    const left = [...frames(0.3, 5), ...frames(0.3, 3, 0.5), ...frames(0.3, 3, 0)];
    const right = [...frames(0.3, 3, -0.5), ...frames(0.3, 3, 0.02)];
    const state = run(['turnLeft', 'turnRight'], [...left, ...right]);
    expect(state.current).toBe(2);
    expect(challengeDone(state)).toBe(true);
  });

  it('ignores a turn to the wrong side or too small a turn', () => {
    expect(run(['turnLeft'], [...frames(0.3, 3, -0.6), ...frames(0.3, 3, 0)]).current).toBe(0);
    expect(run(['turnLeft'], [...frames(0.3, 3, 0.2), ...frames(0.3, 3, 0)]).current).toBe(0);
  });

  it('keeps the open-eye reference while the head is turned or the eyes closed', () => {
    const state = run(['turnLeft', 'blink'], [...frames(0.3, 20), ...frames(0.1, 5, 0.6)]);
    expect(state.openEar).toBeCloseTo(0.3, 2);
  });
});
