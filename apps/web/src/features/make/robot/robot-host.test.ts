/**
 * The robot blocks' host functions against a robot world and against a body that lacks a colour sensor (a
 * micro:bit car): the colour sensor block reads the floor under the simulated robot and is false without one.
 */
import { describe, expect, it } from 'vitest';
import { RobotWorld } from '../../../lib/robot-world/robot-world.ts';
import type { RobotBody } from '../../../lib/robot-world/robot-body.ts';
import { robotHostFunctions } from './robot-host.ts';

const hostFor = (body: RobotBody) =>
  robotHostFunctions({ body: () => body, useArena: () => undefined, laps: () => 0, pageSpeaker: true });

describe('robot host functions', () => {
  it('“colour sensor sees ⟨colour⟩?” is true only for the colour under the world’s robot', () => {
    const world = new RobotWorld('warehouse');
    const robot = world.robots[0]!;
    const host = hostFor(robot);
    const red = world.arena.zones[0]!;
    robot.place({ x: red.x + 0.1, y: red.y + 0.1, heading: 0 });
    expect(host.robotFloorIs!('red')).toBe(true);
    expect(host.robotFloorIs!('green')).toBe(false);
    robot.place({ x: 0.3, y: 0.8, heading: 0 });
    expect(host.robotFloorIs!('white')).toBe(true);
    expect(host.robotFloorIs!('red')).toBe(false);
  });

  it('is false on a robot without a colour sensor, whatever the colour', () => {
    const host = hostFor({
      setMotors: () => undefined,
      setLed: () => undefined,
      beep: () => undefined,
      read: () => 0,
    });
    expect(['red', 'white', 'black'].map((colour) => host.robotFloorIs!(colour))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
