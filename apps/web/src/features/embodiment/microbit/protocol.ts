/**
 * The line protocol between the page and our receiver on the micro:bit (receiver.py), over USB serial or
 * Bluetooth UART. One ASCII line per message, ended by "\n". Commands from the page are a letter and
 * integers; every report from the micro:bit starts with "@" so that whatever else reaches the serial port
 * (MicroPython's start-up banner, a traceback, half a line from before we connected) is ignored.
 *
 * Page → micro:bit                         micro:bit → page
 *   H                hello                   @HI <protocol> <V1|V2>
 *   C d a b c e l r t o  board pins          @S a b ax ay az heading light lineL lineR distance
 *   M <left> <right> motors, percent         @E <text>      (a command it did not understand)
 *   D <0-9>          display brightness
 *   I <icon>         display an icon
 *   T <hz> <ms>      tone
 *   K                calibrate the compass
 *   R <ms>           report period
 *   P                keep-alive (the receiver stops the motors when the page goes quiet)
 *   S                stop everything
 */

/** Bumped when a command or report changes meaning; the receiver says which one it speaks. */
export const PROTOCOL_VERSION = 1;

/** How a board drives its wheels, as the receiver's `C` command names it. */
export type DriveKind = 'pins' | 'i2c' | 'servo' | 'none';
const DRIVE_LETTER: Record<DriveKind, string> = { pins: 'P', i2c: 'I', servo: 'S', none: 'N' };

/** A board's wiring as the receiver needs it; -1 for a pin the board does not have. */
export interface BoardWiring {
  drive: DriveKind;
  /** pins: left forward, left backward, right forward, right backward. servo: left, right (c, d = -1). */
  motorPins: readonly [number, number, number, number];
  /** i2c: the motor controller's 7-bit address. */
  i2cAddress: number;
  lineLeftPin: number;
  lineRightPin: number;
  /** Ultrasonic distance sensor (HC-SR04 style). */
  sonarTriggerPin: number;
  sonarEchoPin: number;
}

/** The display icons the receiver knows (MicroPython's Image names). */
export const ICONS = [
  'HEART',
  'HAPPY',
  'SAD',
  'YES',
  'NO',
  'ARROW_N',
  'ARROW_S',
  'ARROW_E',
  'ARROW_W',
] as const;
export type Icon = (typeof ICONS)[number];

export type Command =
  | { kind: 'hello' }
  | { kind: 'board'; wiring: BoardWiring }
  | { kind: 'motors'; left: number; right: number }
  | { kind: 'display'; brightness: number }
  | { kind: 'icon'; icon: Icon }
  | { kind: 'tone'; hz: number; ms: number }
  | { kind: 'calibrate' }
  | { kind: 'reportEvery'; ms: number }
  | { kind: 'keepAlive' }
  | { kind: 'stop' };

function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** One command as the line the receiver reads (with its "\n"); numbers are clamped to what it accepts. */
export function encodeCommand(command: Command): string {
  switch (command.kind) {
    case 'hello':
      return 'H\n';
    case 'board': {
      const w = command.wiring;
      const pin = (p: number) => clampInt(p, -1, 20);
      const fields = [
        DRIVE_LETTER[w.drive],
        ...w.motorPins.map(pin),
        clampInt(w.i2cAddress, 0, 127),
        pin(w.lineLeftPin),
        pin(w.lineRightPin),
        pin(w.sonarTriggerPin),
        pin(w.sonarEchoPin),
      ];
      return `C ${fields.join(' ')}\n`;
    }
    case 'motors':
      return `M ${clampInt(command.left, -100, 100)} ${clampInt(command.right, -100, 100)}\n`;
    case 'display':
      return `D ${clampInt(command.brightness, 0, 9)}\n`;
    case 'icon':
      return `I ${command.icon}\n`;
    case 'tone':
      return `T ${clampInt(command.hz, 20, 20000)} ${clampInt(command.ms, 1, 10000)}\n`;
    case 'calibrate':
      return 'K\n';
    case 'reportEvery':
      return `R ${clampInt(command.ms, 20, 5000)}\n`;
    case 'keepAlive':
      return 'P\n';
    case 'stop':
      return 'S\n';
  }
}

/** The micro:bit's latest readings; null where the board has no such sensor (or the compass is uncalibrated). */
export interface SensorReport {
  buttonA: boolean;
  buttonB: boolean;
  /** milli-g */
  accelX: number;
  accelY: number;
  accelZ: number;
  /** degrees 0–359, null until the compass is calibrated */
  compass: number | null;
  /** 0–255 */
  light: number;
  /** 1 on a dark line */
  lineLeft: number | null;
  lineRight: number | null;
  /** centimetres */
  distance: number | null;
}

export type Report =
  | { kind: 'hello'; protocol: number; board: 'V1' | 'V2' | 'unknown' }
  | { kind: 'sensors'; sensors: SensorReport }
  | { kind: 'error'; text: string };

const INTEGER = /^-?\d{1,6}$/;

function integers(fields: string[], count: number): number[] | null {
  if (fields.length !== count || !fields.every((f) => INTEGER.test(f))) return null;
  return fields.map(Number);
}

const orNull = (n: number) => (n < 0 ? null : n);

/**
 * One line from the micro:bit (without its line ending) as a report, or null for anything else. Bytes
 * before the last "@" (line noise, the tail of a line from before we connected) are skipped.
 */
export function parseReport(line: string): Report | null {
  const at = line.lastIndexOf('@');
  if (at < 0) return null;
  const trimmed = line.slice(at).trim();
  const [tag, ...fields] = trimmed.slice(1).split(/\s+/);
  if (tag === 'HI') {
    const protocol = fields[0] !== undefined && INTEGER.test(fields[0]) ? Number(fields[0]) : null;
    if (protocol === null) return null;
    const board = fields[1] === 'V1' || fields[1] === 'V2' ? fields[1] : 'unknown';
    return { kind: 'hello', protocol, board };
  }
  if (tag === 'S') {
    const n = integers(fields, 10);
    if (!n) return null;
    const [a, b, ax, ay, az, heading, light, lineL, lineR, distance] = n as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return {
      kind: 'sensors',
      sensors: {
        buttonA: a === 1,
        buttonB: b === 1,
        accelX: ax,
        accelY: ay,
        accelZ: az,
        compass: heading < 0 ? null : heading % 360,
        light: Math.min(255, Math.max(0, light)),
        lineLeft: orNull(lineL),
        lineRight: orNull(lineR),
        distance: orNull(distance),
      },
    };
  }
  if (tag === 'E') return { kind: 'error', text: fields.join(' ').slice(0, 120) };
  return null;
}

/** Longer than any report: a run of bytes without a line ending this long is noise and is dropped. */
export const MAX_LINE = 160;

/**
 * Splits what arrives over serial (in pieces of any size, possibly cut mid-line) into reports. Lines that
 * are not reports and over-long runs without a newline are dropped, so noise never blocks what follows.
 */
export class ReportReader {
  private pending = '';

  constructor(private readonly onReport: (report: Report) => void) {}

  push(chunk: string): void {
    this.pending += chunk;
    let end: number;
    while ((end = this.pending.search(/[\r\n]/)) >= 0) {
      const line = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 1);
      const report = line.length <= MAX_LINE ? parseReport(line) : null;
      if (report) this.onReport(report);
    }
    // A run without a line ending longer than any report is noise.
    if (this.pending.length > MAX_LINE) this.pending = '';
  }

  reset(): void {
    this.pending = '';
  }
}

/** A MIDI note's frequency in hertz (69 = A4 = 440 Hz). */
export function midiToHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/**
 * What the display shows for the robot's LED colour: off for null, else a brightness from the colour's
 * lightness (the micro:bit's LEDs are one colour, red). Unknown colours show full brightness.
 */
export function brightnessOf(colour: string | null): number {
  if (colour === null) return 0;
  const hex = /^#?([0-9a-f]{6})$/i.exec(colour.trim());
  if (!hex) return 9;
  const value = Number.parseInt(hex[1]!, 16);
  const max = Math.max((value >> 16) & 255, (value >> 8) & 255, value & 255);
  return max === 0 ? 0 : Math.max(1, Math.round((max / 255) * 9));
}
