/** A 2D line-following robot: two light sensors, a rule the student edits, differential drive. Pure logic. */

export interface Point {
  x: number;
  y: number;
}

export interface Robot extends Point {
  /** Heading in radians (0 = +x). */
  heading: number;
}

export type Action = 'forward' | 'left' | 'right' | 'stop';
/** Rule table keyed by `${leftDark}-${rightDark}` as 0/1: what to do for each pair of readings. */
export type RuleTable = Record<'0-0' | '0-1' | '1-0' | '1-1', Action>;

export const DEFAULT_RULES: RuleTable = { '0-0': 'forward', '1-0': 'left', '0-1': 'right', '1-1': 'forward' };

export interface Proportional {
  base: number;
  gain: number;
}

export type TrackId = 'oval' | 'wave' | 'rounded';
export const TRACKS: TrackId[] = ['oval', 'wave', 'rounded'];

export const WORLD = { width: 640, height: 400 };
export const LINE_WIDTH = 18;
const SENSOR_AHEAD = 16;
const SENSOR_SIDE = 9;
const STEP = 200;

/** A closed track as a polyline in world coordinates. */
export function trackPoints(id: TrackId): Point[] {
  const points: Point[] = [];
  const cx = WORLD.width / 2;
  const cy = WORLD.height / 2;
  for (let i = 0; i < STEP; i++) {
    const t = (i / STEP) * Math.PI * 2;
    if (id === 'oval') {
      points.push({ x: cx + 250 * Math.cos(t), y: cy + 140 * Math.sin(t) });
    } else if (id === 'wave') {
      points.push({ x: cx + 250 * Math.cos(t), y: cy + 125 * Math.sin(t) + 28 * Math.sin(3 * t) });
    } else {
      // A superellipse: a rounded rectangle with fairly sharp corners.
      const c = Math.cos(t);
      const s = Math.sin(t);
      const n = 0.35;
      points.push({
        x: cx + 250 * Math.sign(c) * Math.abs(c) ** n,
        y: cy + 145 * Math.sign(s) * Math.abs(s) ** n,
      });
    }
  }
  return points;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const u = len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len));
  return Math.hypot(p.x - (a.x + u * dx), p.y - (a.y + u * dy));
}

export function distanceToTrack(p: Point, track: Point[]): number {
  let best = Infinity;
  for (let i = 0; i < track.length; i++) {
    const a = track[i] as Point;
    const b = track[(i + 1) % track.length] as Point;
    best = Math.min(best, distanceToSegment(p, a, b));
  }
  return best;
}

export function sensorPositions(robot: Robot): { left: Point; right: Point } {
  const fx = Math.cos(robot.heading);
  const fy = Math.sin(robot.heading);
  // Screen y grows downwards, so "left" of the heading is (fy, -fx).
  const lx = fy;
  const ly = -fx;
  return {
    left: {
      x: robot.x + fx * SENSOR_AHEAD + lx * SENSOR_SIDE,
      y: robot.y + fy * SENSOR_AHEAD + ly * SENSOR_SIDE,
    },
    right: {
      x: robot.x + fx * SENSOR_AHEAD - lx * SENSOR_SIDE,
      y: robot.y + fy * SENSOR_AHEAD - ly * SENSOR_SIDE,
    },
  };
}

/** Darkness 0..1 under a point: 1 on the middle of the line, fading to 0 at its edge. */
export function darkness(p: Point, track: Point[]): number {
  const d = distanceToTrack(p, track);
  return Math.max(0, Math.min(1, 1 - (d - LINE_WIDTH * 0.25) / (LINE_WIDTH * 0.5)));
}

export interface Reading {
  left: number;
  right: number;
}

export function sense(robot: Robot, track: Point[]): Reading {
  const { left, right } = sensorPositions(robot);
  return { left: darkness(left, track), right: darkness(right, track) };
}

export interface Decision {
  /** Wheel speeds in px per tick. */
  leftWheel: number;
  rightWheel: number;
  /** The rule-table row used, when the table decided. */
  row?: keyof RuleTable;
  action?: Action;
}

const SPEED = 2.2;

export function decideByTable(reading: Reading, rules: RuleTable): Decision {
  const row: keyof RuleTable = `${reading.left > 0.5 ? 1 : 0}-${reading.right > 0.5 ? 1 : 0}`;
  const action = rules[row];
  const wheels: Record<Action, [number, number]> = {
    forward: [SPEED, SPEED],
    left: [SPEED * 0.15, SPEED],
    right: [SPEED, SPEED * 0.15],
    stop: [0, 0],
  };
  const [leftWheel, rightWheel] = wheels[action];
  return { leftWheel, rightWheel, row, action };
}

/** Steer towards the darker side: turn = gain × (left − right). */
export function decideProportional(reading: Reading, rule: Proportional): Decision {
  const turn = rule.gain * (reading.left - reading.right);
  return { leftWheel: rule.base - turn, rightWheel: rule.base + turn };
}

const AXLE = 20;

/** Differential drive: one tick of both wheels. */
export function act(robot: Robot, decision: Decision): Robot {
  const v = (decision.leftWheel + decision.rightWheel) / 2;
  // Screen coordinates: a faster right wheel turns the robot left (counter-clockwise on screen).
  const w = (decision.leftWheel - decision.rightWheel) / AXLE;
  const heading = robot.heading + w;
  return { x: robot.x + v * Math.cos(heading), y: robot.y + v * Math.sin(heading), heading };
}

/** Where a robot starts on a track: on the first point, facing along the line. */
export function startPose(track: Point[]): Robot {
  const a = track[0] as Point;
  const b = track[3] as Point;
  return { x: a.x, y: a.y, heading: Math.atan2(b.y - a.y, b.x - a.x) };
}
