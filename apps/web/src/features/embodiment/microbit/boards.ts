/**
 * The micro:bit car boards a teacher can pick: how each drives its wheels and where its sensors are. The
 * receiver gets the choice as the protocol's `C` command, so one receiver program serves every board.
 * Sources are named per board; what could not be checked against a maker's code is marked `assumed`.
 */
import type { BoardWiring } from './protocol.ts';

export const BOARD_IDS = ['pins-p13-p16', 'maqueen', 'move-mini', 'none'] as const;
export type BoardId = (typeof BOARD_IDS)[number];

export interface Board {
  id: BoardId;
  wiring: BoardWiring;
  /** The maker's code the pins were read from, or why they are assumed. */
  source: string;
  /** True when some of the wiring is a common convention rather than read from the maker's code. */
  assumed: boolean;
  /**
   * What a line sensor's digital output reads over a dark line. Reflective IR sensors (TCRT5000 and the
   * like) usually read 1 there, since no light comes back; assumed for every board, a board setting if
   * a class finds theirs the other way round.
   */
  lineDarkReads: 0 | 1;
}

export const BOARDS: Record<BoardId, Board> = {
  /*
   * The common two-motor driver boards (L9110S / TB6612 / DRV8833 carriers): each motor on two pins, PWM on
   * one and low on the other. P13/P14 left and P15/P16 right is one widespread layout (e.g. the "AS BIT"
   * MakeCode extension), line sensors on P1/P2; other clones differ, so the whole board is marked assumed.
   */
  'pins-p13-p16': {
    id: 'pins-p13-p16',
    wiring: {
      drive: 'pins',
      motorPins: [13, 14, 15, 16],
      i2cAddress: 0,
      lineLeftPin: 1,
      lineRightPin: 2,
      sonarTriggerPin: -1,
      sonarEchoPin: -1,
    },
    source:
      'one common layout of L9110/TB6612 car boards (an "AS BIT robot" MakeCode extension); clones vary',
    assumed: true,
    lineDarkReads: 1,
  },
  /*
   * DFRobot Maqueen (Lite): motors behind an I2C controller at 0x10, register 0x00 left / 0x02 right, then
   * direction (0 forward, 1 backward) and speed 0–255 (DFRobot's pxt-maqueen and their MicroPython demos).
   * Line sensors on P13 (left) and P14 (right) as in Microsoft's pxt-robot Maqueen driver; ultrasonic
   * trigger P1, echo P2 as in pxt-maqueen.
   */
  maqueen: {
    id: 'maqueen',
    wiring: {
      drive: 'i2c',
      motorPins: [-1, -1, -1, -1],
      i2cAddress: 0x10,
      lineLeftPin: 13,
      lineRightPin: 14,
      sonarTriggerPin: 1,
      sonarEchoPin: 2,
    },
    source: 'DFRobot pxt-maqueen (I2C 0x10, registers 0x00/0x02), microsoft pxt-robot (line P13/P14)',
    assumed: false,
    lineDarkReads: 1,
  },
  /*
   * Kitronik :MOVE mini with the Servo:Lite board: two continuous-rotation servos on P1 (left) and P2
   * (right), mounted mirror-wise, so forward is P1 at 0° and P2 at 180° (Kitronik's pxt-kitronik-servo-lite).
   * No line or distance sensors on the base kit.
   */
  'move-mini': {
    id: 'move-mini',
    wiring: {
      drive: 'servo',
      motorPins: [1, 2, -1, -1],
      i2cAddress: 0,
      lineLeftPin: -1,
      lineRightPin: -1,
      sonarTriggerPin: -1,
      sonarEchoPin: -1,
    },
    source: 'Kitronik pxt-kitronik-servo-lite (servos P1/P2, forward = P1 0°, P2 180°)',
    assumed: false,
    lineDarkReads: 1,
  },
  /** A micro:bit on its own: buttons, display, sound and sensors, no wheels. */
  none: {
    id: 'none',
    wiring: {
      drive: 'none',
      motorPins: [-1, -1, -1, -1],
      i2cAddress: 0,
      lineLeftPin: -1,
      lineRightPin: -1,
      sonarTriggerPin: -1,
      sonarEchoPin: -1,
    },
    source: 'the micro:bit alone',
    assumed: false,
    lineDarkReads: 1,
  },
};

export const DEFAULT_BOARD: BoardId = 'pins-p13-p16';

/** The board a stored setting names, or the default for anything else (an old or edited setting). */
export function boardOf(id: string | null | undefined): Board {
  return (BOARD_IDS as readonly string[]).includes(id ?? '') ? BOARDS[id as BoardId] : BOARDS[DEFAULT_BOARD];
}

/** Pins a board uses twice would fight each other on the receiver; the tests keep every board free of them. */
export function pinsInUse(wiring: BoardWiring): number[] {
  return [
    ...wiring.motorPins,
    wiring.lineLeftPin,
    wiring.lineRightPin,
    wiring.sonarTriggerPin,
    wiring.sonarEchoPin,
  ].filter((p) => p >= 0);
}
