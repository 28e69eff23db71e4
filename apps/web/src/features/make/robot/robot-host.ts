/**
 * The robot blocks' host functions: they drive whatever robot the run has (lib/robot-world/robot-body.ts: the
 * robot world's first robot, or a real micro:bit), never the page. A program with robot blocks but no robot
 * (the world still loading) drives nothing and reads 0. The beep plays through the page's speaker for a robot
 * that has none of its own (the simulated one) and waits its length, as "play note" does.
 */
import { colourNameOf, isArenaId, type ArenaId } from '../../../lib/robot-world/arenas.ts';
import { ROBOT_SENSORS, type RobotBody, type RobotSensor } from '../../../lib/robot-world/robot-body.ts';
import type { AsyncHostFunction, HostFunction } from '../runtime/program-runner.ts';
import { LED_COLOURS } from './robot-blocks.ts';

export interface RobotTarget {
  /** The robot the blocks drive now, or null. */
  body(): RobotBody | null;
  /** Puts the robot in another arena (a "robot world: …" block). */
  useArena(arena: ArenaId): void;
  /** Laps the driven robot has gone round since Run (0 off the line track or on a real robot). */
  laps(): number;
  /** Whether the page plays the robot's beeps (a simulated robot has no speaker of its own). */
  pageSpeaker: boolean;
}

const WAYS: Record<string, (power: number) => [number, number]> = {
  forward: (p) => [p, p],
  backward: (p) => [-p, -p],
  left: (p) => [-p, p],
  right: (p) => [p, -p],
};

const number = (value: unknown, fallback = 0) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

export function robotHostFunctions(target: RobotTarget): Record<string, HostFunction> {
  return {
    robotArena: (arena) => {
      if (isArenaId(arena)) target.useArena(arena);
    },
    robotMotors: (left, right) => target.body()?.setMotors(number(left), number(right)),
    robotDrive: (way, power) => {
      const motors = WAYS[String(way)]?.(number(power, 50));
      if (motors) target.body()?.setMotors(...motors);
    },
    robotSensor: (sensor) =>
      (ROBOT_SENSORS as readonly string[]).includes(String(sensor))
        ? (target.body()?.read(sensor as RobotSensor) ?? 0)
        : 0,
    robotLed: (name) => {
      const colour = LED_COLOURS[String(name) as keyof typeof LED_COLOURS] as string | undefined;
      target.body()?.setLed(colour ? colour : null);
    },
    robotLaps: () => target.laps(),
    robotFloorIs: (name) => {
      const colour = target.body()?.floorColour?.() ?? null;
      return colour !== null && colourNameOf(colour) === String(name);
    },
  };
}

export function robotAsyncHostFunctions(
  target: RobotTarget,
  stage: {
    playNote: (note: number, seconds: number) => Promise<void>;
    /** Resolves after `ms`, or at once when the run ends. */
    sleep: (ms: number) => Promise<void>;
  },
): Record<string, AsyncHostFunction> {
  return {
    robotBeep: (note, seconds) => {
      const midi = number(note, 60);
      const length = Math.min(10, Math.max(0, number(seconds, 0.2)));
      target.body()?.beep(midi, length);
      return target.pageSpeaker ? stage.playNote(midi, length) : stage.sleep(length * 1000);
    },
  };
}
