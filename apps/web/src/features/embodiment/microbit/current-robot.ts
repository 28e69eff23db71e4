/**
 * The micro:bit robot this tab is connected to, if any, so the studio's robot blocks can drive it
 * (RobotBody) without knowing about the panel that connected it.
 */
import { Listeners } from './transport.ts';
import type { MicrobitRobot } from './microbit-robot.ts';

let current: MicrobitRobot | null = null;
const changes = new Listeners<MicrobitRobot | null>();

export function currentMicrobitRobot(): MicrobitRobot | null {
  return current;
}

export function setCurrentMicrobitRobot(robot: MicrobitRobot | null): void {
  if (robot === current) return;
  current = robot;
  changes.emit(robot);
}

export function onCurrentMicrobitRobot(listener: (robot: MicrobitRobot | null) => void): () => void {
  return changes.add(listener);
}
