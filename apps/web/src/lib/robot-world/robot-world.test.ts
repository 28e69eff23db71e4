/**
 * The robot world's physics and sensors in Node: motors drive the body the way a differential drive does,
 * sensors read what the arena holds, the two-sensor line follower (the embodiment page's first lesson, as
 * blocks in the studio's starter) goes round the line track, laps count only forwards.
 */
import { describe, expect, it } from 'vitest';
import {
  arenaOf,
  ARENA_IDS,
  colourNameOf,
  floorColourAt,
  headingAlongLine,
  LINE_COLOUR,
  MAZE_CELL,
} from './arenas.ts';
import { compassOf, LapCounter, MAX_WHEEL_SPEED, RobotWorld, type SimRobot } from './robot-world.ts';

const seconds = (world: RobotWorld, s: number, each?: () => void) => {
  for (let i = 0; i < Math.round(s * 60); i++) {
    each?.();
    world.step();
  }
};

/** The rule table of /embodiment's line robot: a sensor on the line turns towards it. */
function followLine(robot: SimRobot): void {
  const left = robot.read('lineLeft');
  const right = robot.read('lineRight');
  if (left && !right) robot.setMotors(10, 60);
  else if (right && !left) robot.setMotors(60, 10);
  else robot.setMotors(60, 60);
}

describe('robot world', () => {
  it('drives straight at the speed the motors ask for, and turns on the spot with opposite powers', () => {
    const world = new RobotWorld('sumo');
    const robot = world.robots[0]!;
    const start = robot.position;
    robot.setMotors(50, 50);
    seconds(world, 1);
    const moved = robot.position.x - start.x;
    // Half power is half the top speed once the motors are up to speed (a little less: they start from rest).
    expect(moved).toBeGreaterThan(0.8 * 0.5 * MAX_WHEEL_SPEED);
    expect(moved).toBeLessThan(0.5 * MAX_WHEEL_SPEED);
    expect(Math.abs(robot.position.y - start.y)).toBeLessThan(0.005);

    const before = robot.position;
    robot.setMotors(-40, 40);
    seconds(world, 1);
    expect(Math.hypot(robot.position.x - before.x, robot.position.y - before.y)).toBeLessThan(0.02);
    // Left wheel back, right forwards: it turns left (anticlockwise on screen, the heading falls).
    expect(robot.heading).toBeLessThan(-0.5);
  });

  it('keeps motor powers within −100…100 and treats nonsense as 0, and keeps only the last tone', () => {
    const robot = new RobotWorld('line').robots[0]!;
    robot.setMotors(500, 'fast' as unknown as number);
    expect([robot.left, robot.right]).toEqual([100, 0]);
    robot.beep(72, 60);
    expect(robot.lastTone).toEqual({ note: 72, seconds: 10 });
    robot.beep(67, 0.2);
    // One tone at a time, its length kept within 10 s (a beeping loop keeps nothing growing).
    expect(robot.lastTone).toEqual({ note: 67, seconds: 0.2 });
  });

  it('reads the distance to the wall ahead, and bumps into it', () => {
    const world = new RobotWorld('maze');
    const robot = world.robots[0]!;
    // The maze's start faces east along its top row: the wall cell two cells on.
    const wallFace = 2 * MAZE_CELL + 0.04;
    const expected = (wallFace - robot.position.x - 0.075) * 100;
    expect(Math.abs(robot.read('distance') - expected)).toBeLessThanOrEqual(1);
    expect(robot.read('bump')).toBe(0);
    robot.setMotors(60, 60);
    seconds(world, 3);
    expect(robot.read('bump')).toBe(1);
    expect(robot.read('distance')).toBeLessThanOrEqual(1);
  });

  it('reads the compass: 90 facing east, 0 north, 180 south', () => {
    expect(compassOf(0)).toBe(90);
    expect(compassOf(-Math.PI / 2)).toBe(0);
    expect(compassOf(Math.PI / 2)).toBe(180);
    expect(new RobotWorld('line').robots[0]!.read('compass')).toBe(90);
  });

  it('sees the line under its sensors only where the line is', () => {
    const world = new RobotWorld('line');
    const robot = world.robots[0]!;
    expect(floorColourAt(world.arena, robot.position)).toBe(LINE_COLOUR);
    // Astride the line, both sensors see the floor either side of it.
    expect([robot.read('lineLeft'), robot.read('lineRight')]).toEqual([0, 0]);
    expect(robot.read('light')).toBeLessThan(60);
  });

  it('goes round the line track with the two-sensor rule, counting laps', () => {
    const world = new RobotWorld('line');
    const robot = world.robots[0]!;
    seconds(world, 45, () => followLine(robot));
    expect(robot.laps!.laps).toBeGreaterThanOrEqual(1);
  });

  it('counts no lap for driving the loop backwards', () => {
    const line = arenaOf('line').lapLine!;
    const counter = new LapCounter(line, line[0]!);
    for (let lap = 0; lap < 2; lap++) for (let i = line.length - 1; i >= 0; i -= 3) counter.update(line[i]!);
    expect(counter.laps).toBe(0);
    for (let i = 0; i <= line.length; i += 3) counter.update(line[i % line.length]!);
    expect(counter.laps).toBe(1);
  });

  it('lets a robot push a crate in the warehouse', () => {
    const world = new RobotWorld('warehouse');
    const robot = world.robots[0]!;
    const crate = world.crates()[0]!;
    // Face the first crate and drive into it.
    robot.body.setTransform({ x: crate.x - 0.3, y: crate.y }, 0);
    robot.setMotors(60, 60);
    seconds(world, 2);
    expect(world.crates()[0]!.x).toBeGreaterThan(crate.x + 0.1);
  });

  it('makes every arena with up to four robots, each at its own start', () => {
    for (const id of ARENA_IDS) {
      const world = new RobotWorld(id, 4);
      expect(world.robots).toHaveLength(4);
      seconds(world, 0.5);
      const places = new Set(
        world.robots.map((r) => `${r.position.x.toFixed(1)},${r.position.y.toFixed(1)}`),
      );
      expect(places.size).toBe(4);
    }
  });

  it('names the floor’s colour under the robot: the warehouse’s zones, the town’s signs, line and grass', () => {
    const warehouse = new RobotWorld('warehouse');
    const robot = warehouse.robots[0]!;
    const seen = (world: RobotWorld, x: number, y: number) => {
      world.robots[0]!.place({ x, y, heading: 0 });
      return colourNameOf(world.robots[0]!.floorColour());
    };
    expect(warehouse.arena.zones.map((zone) => seen(warehouse, zone.x + 0.1, zone.y + 0.1))).toEqual([
      'red',
      'green',
      'blue',
    ]);
    expect(seen(warehouse, 0.3, 0.8)).toBe('white');
    const town = new RobotWorld('town');
    const [stop, go] = town.arena.signs;
    expect(seen(town, stop!.x, stop!.y)).toBe('red');
    expect(seen(town, go!.x, go!.y)).toBe('green');
    expect(seen(town, 1.2, 0.3)).toBe('black');
    expect(seen(town, 1.2, 0.8)).toBe('white');
    expect(robot.read('light')).toBeGreaterThan(200);
  });

  it('puts a robot where it is placed, standing still, and faces a placed robot along the road', () => {
    const world = new RobotWorld('town');
    const robot = world.robots[0]!;
    robot.setMotors(80, 80);
    seconds(world, 0.5);
    robot.place({ x: 2.05, y: 0.7, heading: 1 });
    expect(robot.left).toBe(0);
    seconds(world, 0.5);
    expect(robot.position.x).toBeCloseTo(2.05, 3);
    expect(robot.position.y).toBeCloseTo(0.7, 3);
    // On the town's road going south (clockwise round the town), then west along the bottom; off the road: none.
    expect(compassOf(headingAlongLine(world.arena, { x: 2.04, y: 0.7 })!)).toBeCloseTo(180, 0);
    expect(compassOf(headingAlongLine(world.arena, { x: 1.2, y: 1.32 })!)).toBeCloseTo(270, 0);
    expect(headingAlongLine(world.arena, { x: 1.2, y: 0.8 })).toBeNull();
  });
});
