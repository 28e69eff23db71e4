/**
 * What the studio's robot blocks drive (issue 27): the robot world's simulated robot, or a real micro:bit robot
 * (features/embodiment/microbit; lib/robot-world is shared: both the studio and the embodiment page use it). The same program runs on either, so both answer the same calls; a sensor a
 * body lacks reads 0. Units are a 12-year-old's: percent of full power, degrees, centimetres.
 */

/** Every sensor a robot block can read. */
export const ROBOT_SENSORS = [
  /** Line sensors under the front: 1 on a dark line, 0 on the floor. */
  'lineLeft',
  'lineRight',
  /** Distance to the nearest thing straight ahead, centimetres (up to 200). */
  'distance',
  /** 1 while the front bumper touches something. */
  'bump',
  /** Heading, degrees 0–359, 0 north, clockwise (the micro:bit's compass convention). */
  'compass',
  /** The micro:bit's buttons and light level (0–255) and acceleration (milli-g); the world's robot has them too. */
  'buttonA',
  'buttonB',
  'light',
  'accelX',
  'accelY',
  'accelZ',
] as const;
export type RobotSensor = (typeof ROBOT_SENSORS)[number];

export interface RobotBody {
  /** Motor powers, percent: −100 full backwards … 100 full forwards; clamped. */
  setMotors(left: number, right: number): void;
  /** The LED's colour as `#rrggbb`, or null for off (a micro:bit shows it on its display). */
  setLed(colour: string | null): void;
  /** A short tone: a MIDI note number for a number of seconds. */
  beep(note: number, seconds: number): void;
  /** A sensor's latest reading (0 for one this body lacks). */
  read(sensor: RobotSensor): number;
  /**
   * The colour sensor under the robot: the floor's colour there as `#rrggbb`, or null for a body without one
   * (a micro:bit car has none).
   */
  floorColour?(): string | null;
}
