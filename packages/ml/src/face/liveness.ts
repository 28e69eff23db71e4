/**
 * Geometry for an active liveness challenge on a 468-point face mesh (MediaPipe FaceMesh / human's
 * facemesh): is the person blinking, are they turning their head? A printed photo can do neither, and a
 * replayed video does not do it on request. Pure maths, no DOM: the lab feeds it one mesh per frame.
 */

export type Point = readonly [number, number, number?] | readonly number[];

/**
 * Six mesh indices per eye for the eye aspect ratio, in the order p1 (outer corner), p2, p3 (upper lid),
 * p4 (inner corner), p5, p6 (lower lid), as in Soukupová & Čech, "Real-Time Eye Blink Detection using
 * Facial Landmarks" (2016).
 */
export const EYE_INDICES = {
  right: [33, 160, 158, 133, 153, 144],
  left: [362, 385, 387, 263, 373, 380],
} as const;

/** Nose tip and the two sides of the face (cheek contour at eye height) on the mesh. */
export const NOSE_TIP = 1;
export const FACE_SIDE_RIGHT = 234;
export const FACE_SIDE_LEFT = 454;

function distance(a: Point, b: Point): number {
  return Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0));
}

/**
 * Eye aspect ratio: (|p2−p6| + |p3−p5|) / (2·|p1−p4|). About 0.25–0.35 for an open eye, falling towards 0
 * when it closes, nearly independent of the face's size and position in the picture.
 */
export function eyeAspectRatio(eye: readonly Point[]): number {
  const [p1, p2, p3, p4, p5, p6] = eye;
  if (!p1 || !p2 || !p3 || !p4 || !p5 || !p6) return 0;
  const width = distance(p1, p4);
  if (width === 0) return 0;
  return (distance(p2, p6) + distance(p3, p5)) / (2 * width);
}

function pick(mesh: readonly Point[], indices: readonly number[]): Point[] {
  return indices.map((i) => mesh[i] ?? [0, 0]);
}

/** Mean eye aspect ratio of both eyes of a mesh (0 when the mesh is incomplete). */
export function meshEyeAspectRatio(mesh: readonly Point[]): number {
  if (mesh.length < 468) return 0;
  return (eyeAspectRatio(pick(mesh, EYE_INDICES.left)) + eyeAspectRatio(pick(mesh, EYE_INDICES.right))) / 2;
}

/**
 * Horizontal head turn from the nose's position between the two sides of the face, from −1 to 1: 0 facing
 * the camera, positive when the nose moves towards the image's right (the person turns to their own left
 * in an unmirrored camera image). About 0.5 is a turn of 45°: the ratio is sin(yaw) for a round head.
 */
export function meshYaw(mesh: readonly Point[]): number {
  const nose = mesh[NOSE_TIP];
  const right = mesh[FACE_SIDE_RIGHT];
  const left = mesh[FACE_SIDE_LEFT];
  if (!nose || !right || !left) return 0;
  const span = (left[0] ?? 0) - (right[0] ?? 0);
  if (span === 0) return 0;
  const centre = ((left[0] ?? 0) + (right[0] ?? 0)) / 2;
  return Math.max(-1, Math.min(1, (2 * ((nose[0] ?? 0) - centre)) / Math.abs(span)));
}

export type ChallengeStep = 'blink' | 'turnLeft' | 'turnRight';

export interface ChallengeThresholds {
  /** A blink: the eye ratio falls below this fraction of the person's open-eye ratio … */
  closedFraction: number;
  /** … and comes back above this fraction. */
  reopenedFraction: number;
  /** A turn: |yaw| beyond this (≈ 0.35 ≈ 20°) towards the asked side … */
  turnYaw: number;
  /** … then back to facing the camera (|yaw| below this). */
  centreYaw: number;
}

export const DEFAULT_THRESHOLDS: ChallengeThresholds = {
  closedFraction: 0.6,
  reopenedFraction: 0.85,
  turnYaw: 0.35,
  centreYaw: 0.15,
};

export interface ChallengeState {
  steps: readonly ChallengeStep[];
  /** Index of the step being asked; `steps.length` when all are done. */
  current: number;
  /** The person's open-eye ratio, learnt from the frames (a slow average of open-eye frames). */
  openEar: number;
  /** Within the current step: the eyes were seen closed / the head was seen turned. */
  phase: 'waiting' | 'half';
}

export function startChallenge(steps: readonly ChallengeStep[]): ChallengeState {
  return { steps, current: 0, openEar: 0, phase: 'waiting' };
}

export function challengeDone(state: ChallengeState): boolean {
  return state.current >= state.steps.length;
}

export interface FrameMeasure {
  ear: number;
  /** As meshYaw: positive = the person's own left in an unmirrored image. */
  yaw: number;
}

export function measureMesh(mesh: readonly Point[]): FrameMeasure {
  return { ear: meshEyeAspectRatio(mesh), yaw: meshYaw(mesh) };
}

/**
 * One frame of the challenge. A step counts only when done in full (close then open; turn then come
 * back), so a still photo, whatever its eye ratio or angle, never completes a step.
 */
export function stepChallenge(
  state: ChallengeState,
  frame: FrameMeasure,
  thresholds: ChallengeThresholds = DEFAULT_THRESHOLDS,
): ChallengeState {
  if (challengeDone(state) || frame.ear <= 0) return state;
  const step = state.steps[state.current];
  // The open-eye reference follows open, facing frames only, so a blink or a turn does not lower it.
  const facing = Math.abs(frame.yaw) < thresholds.centreYaw;
  const open = state.openEar === 0 || frame.ear > state.openEar * thresholds.reopenedFraction;
  const openEar =
    facing && open
      ? state.openEar === 0
        ? frame.ear
        : state.openEar * 0.9 + frame.ear * 0.1
      : state.openEar;
  const next = (advance: boolean, phase: ChallengeState['phase']): ChallengeState =>
    advance
      ? { ...state, openEar, current: state.current + 1, phase: 'waiting' }
      : { ...state, openEar, phase };

  if (step === 'blink') {
    if (state.openEar === 0) return { ...state, openEar };
    const closed = frame.ear < state.openEar * thresholds.closedFraction;
    if (state.phase === 'waiting') return next(false, closed ? 'half' : 'waiting');
    return next(frame.ear > state.openEar * thresholds.reopenedFraction, 'half');
  }
  const sign = step === 'turnLeft' ? 1 : -1;
  if (state.phase === 'waiting')
    return next(false, frame.yaw * sign > thresholds.turnYaw ? 'half' : 'waiting');
  return next(Math.abs(frame.yaw) < thresholds.centreYaw, 'half');
}
