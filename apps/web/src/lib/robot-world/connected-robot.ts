/**
 * The real robot this tab is connected to, if any (a micro:bit, connected on /embodiment), so the studio's
 * robot blocks drive it instead of the robot world's (features/make/robot/robot-run.ts) without either page
 * knowing the other: the connection stays while the student moves between pages.
 */
import type { RobotBody } from './robot-body.ts';

let current: RobotBody | null = null;

export function connectedRobot(): RobotBody | null {
  return current;
}

export function setConnectedRobot(robot: RobotBody | null): void {
  current = robot;
}
