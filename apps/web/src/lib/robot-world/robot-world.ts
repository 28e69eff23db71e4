/**
 * The robot world's physics (issue 27, docs/embodiment.md "Robot world"): an arena (arenas.ts) in a planck
 * (Box2D) world seen from above — no gravity; walls static, crates and robots dynamic. Each robot is a
 * differential-drive body: two wheels push along the robot where they are, towards the speed their motor's
 * power asks for, and hold it sideways (wheels do not skid), the way iforce2d's top-down car does it. Sensors
 * read the floor under two points ahead (line sensors), a ray straight ahead (distance), the contacts at the
 * front (bump), the heading (compass). Steps are fixed (1/60 s) so a program behaves the same on any computer.
 * No DOM: drawn by world-drawing.ts, unit-tested in Node.
 */
import { Box, Vec2, World, type Body } from 'planck';
import type { RobotBody, RobotSensor } from './robot-body.ts';
import {
  arenaOf,
  brightness,
  floorColourAt,
  nearestOnLine,
  type Arena,
  type ArenaId,
  type Point,
  type Pose,
} from './arenas.ts';

export const STEP_SECONDS = 1 / 60;
/** The robot's body: 14 cm long, 11 cm wide (a small classroom robot). */
export const ROBOT_LENGTH = 0.14;
export const ROBOT_WIDTH = 0.11;
/** Top speed of a wheel at 100 % power, m/s. */
export const MAX_WHEEL_SPEED = 0.4;
/** The line sensors: this far ahead of the centre, this far either side. */
export const SENSOR_AHEAD = 0.07;
export const SENSOR_SIDE = 0.025;
/** The distance sensor's reach, centimetres. */
export const MAX_DISTANCE_CM = 200;
/** How fast a wheel reaches its speed (s): a small motor's time constant. */
const MOTOR_TIME = 0.08;
const LAP_SECTIONS = 8;
/** How near the lap line a robot must be for its progress to count (m). */
const LAP_NEAR = 0.1;

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));
const power = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) ? clamp(n, -100, 100) : 0;
};
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;

/** Counts laps of a loop: each of its eight sections passed in order, back to the start. */
export class LapCounter {
  laps = 0;
  private last: number;
  private passed = 0;

  constructor(
    private readonly line: readonly Point[],
    start: Point,
  ) {
    this.last = this.sectionOf(start) ?? 0;
  }

  private sectionOf(p: Point): number | null {
    const { index, distance } = nearestOnLine(this.line, p);
    return distance > LAP_NEAR ? null : Math.floor((index / this.line.length) * LAP_SECTIONS);
  }

  update(p: Point): void {
    const section = this.sectionOf(p);
    if (section === null || section === this.last) return;
    // Only the next section forwards counts: driving backwards or cutting across does not make a lap.
    if (section === (this.last + 1) % LAP_SECTIONS) {
      this.passed += 1;
      if (this.passed === LAP_SECTIONS) {
        this.laps += 1;
        this.passed = 0;
      }
    }
    this.last = section;
  }
}

export interface Tone {
  note: number;
  seconds: number;
}

/** One robot of the world: its body in the physics, motors, LED, speaker and sensors. */
export class SimRobot implements RobotBody {
  left = 0;
  right = 0;
  led: string | null = null;
  /** The last tone asked for (the page's speaker plays it: features/make/robot/robot-host.ts). */
  lastTone: Tone | null = null;
  readonly laps: LapCounter | null;
  private lastForwardSpeed = 0;
  private forwardAcceleration = 0;

  constructor(
    readonly index: number,
    readonly body: Body,
    private readonly world: RobotWorld,
  ) {
    const lapLine = world.arena.lapLine;
    this.laps = lapLine ? new LapCounter(lapLine, this.position) : null;
  }

  get position(): Point {
    const p = this.body.getPosition();
    return { x: p.x, y: p.y };
  }

  get heading(): number {
    return this.body.getAngle();
  }

  get pose(): Pose {
    return { ...this.position, heading: this.heading };
  }

  /** A point on the robot (ahead along its heading, to its right) in the arena. */
  pointAt(ahead: number, right: number): Point {
    const { x, y } = this.position;
    const h = this.heading;
    return {
      x: x + ahead * Math.cos(h) - right * Math.sin(h),
      y: y + ahead * Math.sin(h) + right * Math.cos(h),
    };
  }

  /**
   * Puts the robot at `pose`, standing still with its motors off (a student placing it by hand, e.g. to show
   * its camera a sign).
   */
  place(pose: Pose): void {
    this.body.setTransform(Vec2(pose.x, pose.y), pose.heading);
    this.body.setLinearVelocity(Vec2(0, 0));
    this.body.setAngularVelocity(0);
    this.setMotors(0, 0);
    this.lastForwardSpeed = 0;
    this.forwardAcceleration = 0;
  }

  setMotors(left: number, right: number): void {
    this.left = power(left);
    this.right = power(right);
  }

  setLed(colour: string | null): void {
    this.led = colour;
  }

  beep(note: number, seconds: number): void {
    this.lastTone = { note: Number(note) || 60, seconds: clamp(Number(seconds) || 0, 0, 10) };
  }

  read(sensor: RobotSensor): number {
    switch (sensor) {
      case 'lineLeft':
        return this.seesLine(-SENSOR_SIDE) ? 1 : 0;
      case 'lineRight':
        return this.seesLine(SENSOR_SIDE) ? 1 : 0;
      case 'distance':
        return this.distance();
      case 'bump':
        return this.bumped() ? 1 : 0;
      case 'compass':
        return Math.round(compassOf(this.heading));
      case 'light':
        return Math.round(255 * brightness(this.floorColour()));
      case 'accelX':
        return 0;
      case 'accelY':
        // The micro:bit's y axis points to its top edge, forwards on a car: forward acceleration in milli-g.
        return Math.round((this.forwardAcceleration / 9.81) * 1000);
      case 'accelZ':
        return -1000;
      case 'buttonA':
      case 'buttonB':
        return 0;
    }
  }

  /** The floor's colour under the robot's centre (`#rrggbb`). */
  floorColour(): string {
    return floorColourAt(this.world.arena, this.position);
  }

  private seesLine(side: number): boolean {
    return brightness(floorColourAt(this.world.arena, this.pointAt(SENSOR_AHEAD, side))) < 0.35;
  }

  private distance(): number {
    const from = this.pointAt(ROBOT_LENGTH / 2 + 0.005, 0);
    const reach = MAX_DISTANCE_CM / 100;
    const to = { x: from.x + reach * Math.cos(this.heading), y: from.y + reach * Math.sin(this.heading) };
    let nearest = 1;
    this.world.physics.rayCast(Vec2(from), Vec2(to), (fixture, _point, _normal, fraction) => {
      if (fixture.getBody() === this.body) return -1;
      nearest = Math.min(nearest, fraction);
      return fraction;
    });
    return Math.round(nearest * MAX_DISTANCE_CM);
  }

  private bumped(): boolean {
    const forward = { x: Math.cos(this.heading), y: Math.sin(this.heading) };
    const centre = this.position;
    for (let edge = this.body.getContactList(); edge; edge = edge.next) {
      if (!edge.contact.isTouching()) continue;
      const manifold = edge.contact.getWorldManifold(null);
      const points = manifold?.points.slice(0, manifold.pointCount) ?? [];
      if (points.some((p) => dot({ x: p.x - centre.x, y: p.y - centre.y }, forward) > ROBOT_LENGTH / 4))
        return true;
    }
    return false;
  }

  /** Drives the wheels for one step (before the world steps). */
  drive(): void {
    const body = this.body;
    const forward = body.getWorldVector(Vec2(1, 0));
    const sideways = body.getWorldVector(Vec2(0, 1));
    const wheelMass = body.getMass() / 2;
    for (const [offset, motor] of [
      [-ROBOT_WIDTH / 2, this.left],
      [ROBOT_WIDTH / 2, this.right],
    ] as const) {
      const at = body.getWorldPoint(Vec2(0, offset));
      const velocity = body.getLinearVelocityFromWorldPoint(at);
      const target = (motor / 100) * MAX_WHEEL_SPEED;
      const along = dot(velocity, forward);
      const force = (wheelMass * (target - along)) / MOTOR_TIME;
      body.applyForce(Vec2(forward.x * force, forward.y * force), at, true);
      // Wheels grip: the sideways slip at each wheel is cancelled (half the body's mass each).
      const slip = dot(velocity, sideways) * wheelMass;
      body.applyLinearImpulse(Vec2(-sideways.x * slip, -sideways.y * slip), at, true);
    }
  }

  /** After the world stepped: what the accelerometer and the lap counter know. */
  sense(): void {
    const forward = this.body.getWorldVector(Vec2(1, 0));
    const speed = dot(this.body.getLinearVelocity(), forward);
    this.forwardAcceleration = (speed - this.lastForwardSpeed) / STEP_SECONDS;
    this.lastForwardSpeed = speed;
    this.laps?.update(this.position);
  }
}

/** Degrees 0–360, 0 north (up on screen), clockwise, from a heading in radians (0 east, clockwise). */
export function compassOf(heading: number): number {
  const degrees = (heading * 180) / Math.PI + 90;
  return ((degrees % 360) + 360) % 360;
}

/** A pose as the pages show it and tests read it: centimetres, and the compass in whole degrees 0–359. */
export function poseInCm(pose: Pose): { x: number; y: number; compass: number } {
  return {
    x: Math.round(pose.x * 100),
    y: Math.round(pose.y * 100),
    compass: Math.round(compassOf(pose.heading)) % 360,
  };
}

export interface CrateState extends Pose {
  size: number;
  colour: string;
}

export class RobotWorld {
  readonly physics = new World({ gravity: Vec2(0, 0) });
  readonly arena: Arena;
  readonly robots: SimRobot[] = [];
  private readonly crateBodies: { body: Body; size: number; colour: string }[] = [];
  /** Simulated seconds since the world was made. */
  time = 0;
  steps = 0;

  constructor(arenaId: ArenaId, robotCount = 1) {
    this.arena = arenaOf(arenaId);
    const ground = this.physics.createBody();
    for (const wall of this.arena.walls) {
      const centre = Vec2(wall.x + wall.width / 2, wall.y + wall.height / 2);
      ground.createFixture(new Box(wall.width / 2, wall.height / 2, centre, 0), { friction: 0.3 });
    }
    for (const crate of this.arena.crates) {
      // Linear damping stands in for the floor's friction on a box pushed from above.
      const body = this.physics.createBody({
        type: 'dynamic',
        position: Vec2(crate.x, crate.y),
        linearDamping: 6,
        angularDamping: 6,
      });
      body.createFixture(new Box(crate.size / 2, crate.size / 2), { density: 20, friction: 0.4 });
      this.crateBodies.push({ body, size: crate.size, colour: crate.colour });
    }
    const count = clamp(Math.floor(robotCount), 1, this.arena.starts.length);
    for (let i = 0; i < count; i++) {
      const start = this.arena.starts[i]!;
      const body = this.physics.createBody({
        type: 'dynamic',
        position: Vec2(start.x, start.y),
        angle: start.heading,
        angularDamping: 2,
      });
      // ~0.46 kg: a 14 × 11 cm body at 30 kg/m².
      body.createFixture(new Box(ROBOT_LENGTH / 2, ROBOT_WIDTH / 2), { density: 30, friction: 0.3 });
      this.robots.push(new SimRobot(i, body, this));
    }
  }

  /** One fixed step of 1/60 s. */
  step(): void {
    for (const robot of this.robots) robot.drive();
    this.physics.step(STEP_SECONDS, 8, 3);
    for (const robot of this.robots) robot.sense();
    this.time += STEP_SECONDS;
    this.steps += 1;
  }

  crates(): CrateState[] {
    return this.crateBodies.map(({ body, size, colour }) => {
      const p = body.getPosition();
      return { x: p.x, y: p.y, heading: body.getAngle(), size, colour };
    });
  }

  /** Every robot's motors off (the run ended: a stopped program leaves no robot driving). */
  stopAll(): void {
    for (const robot of this.robots) robot.setMotors(0, 0);
  }
}
