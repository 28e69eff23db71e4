/**
 * The robot blocks (issue 27, docs/embodiment.md "Blocks"): motors, sensors, LED, speaker and the arena, for
 * the robot world's robot and a real micro:bit robot alike (lib/robot-world/robot-body.ts). Each calls a host
 * function (robot-host.ts) by name. A program with any of them runs in the robot world (robot-needs.ts).
 * Loaded on demand with the stage blocks (blocks/studio-blocks.ts).
 */
import * as Blockly from 'blockly/core';
import { javascriptGenerator, Order, type JavascriptGenerator } from 'blockly/javascript';
import { ARENA_IDS, FLOOR_COLOUR_NAMES, type FloorColourName } from '../../../lib/robot-world/arenas.ts';
import { ROBOT_COLOUR } from '../blocks/toolbox.ts';
import type { RobotBlockTextKey } from './robot-block-texts.ts';

export { ROBOT_BLOCK_TEXTS } from './robot-block-texts.ts';

export const ROBOT_HELP = '/embodiment';

export const ROBOT_BLOCK_TYPES = [
  'robot_arena',
  'robot_motors',
  'robot_drive',
  'robot_stop',
  'robot_sensor',
  'robot_on_line',
  'robot_led',
  'robot_beep',
  'robot_laps',
] as const;

const ARENA_TEXTS: Record<(typeof ARENA_IDS)[number], RobotBlockTextKey> = {
  line: 'MAKE_ARENA_LINE',
  maze: 'MAKE_ARENA_MAZE',
  sumo: 'MAKE_ARENA_SUMO',
  warehouse: 'MAKE_ARENA_WAREHOUSE',
  town: 'MAKE_ARENA_TOWN',
};

/** The sensors a block offers (all but the micro:bit's sideways and up/down tilt, which a car rarely needs). */
export const SENSOR_OPTIONS = [
  ['MAKE_SENSOR_LINE_LEFT', 'lineLeft'],
  ['MAKE_SENSOR_LINE_RIGHT', 'lineRight'],
  ['MAKE_SENSOR_DISTANCE', 'distance'],
  ['MAKE_SENSOR_BUMP', 'bump'],
  ['MAKE_SENSOR_COMPASS', 'compass'],
  ['MAKE_SENSOR_LIGHT', 'light'],
  ['MAKE_SENSOR_BUTTON_A', 'buttonA'],
  ['MAKE_SENSOR_BUTTON_B', 'buttonB'],
  ['MAKE_SENSOR_ACCEL_Y', 'accelY'],
] as const satisfies readonly (readonly [RobotBlockTextKey, string])[];

export const LED_COLOURS = {
  red: '#ff3b30',
  green: '#34c759',
  blue: '#2f7bff',
  yellow: '#ffd60a',
  off: '',
} as const;
const LED_TEXTS: Record<keyof typeof LED_COLOURS, RobotBlockTextKey> = {
  red: 'MAKE_LED_RED',
  green: 'MAKE_LED_GREEN',
  blue: 'MAKE_LED_BLUE',
  yellow: 'MAKE_LED_YELLOW',
  off: 'MAKE_LED_OFF',
};

const FLOOR_TEXTS: Record<FloorColourName, RobotBlockTextKey> = {
  red: 'MAKE_LED_RED',
  green: 'MAKE_LED_GREEN',
  blue: 'MAKE_LED_BLUE',
  yellow: 'MAKE_LED_YELLOW',
  black: 'MAKE_COLOUR_BLACK',
  white: 'MAKE_COLOUR_WHITE',
};

const msg = (key: RobotBlockTextKey): string => Blockly.Msg[key] ?? key;
const numberInput = (name: string) => ({ type: 'input_value', name, check: 'Number' });
const dropdown = (name: string, options: readonly (readonly [RobotBlockTextKey, string])[]) => ({
  type: 'field_dropdown',
  name,
  options: options.map(([text, value]) => [msg(text), value]),
});

type Shape = 'statement' | 'Number' | 'Boolean';

function define(
  type: string,
  text: RobotBlockTextKey,
  tip: RobotBlockTextKey,
  shape: Shape,
  args: () => Record<string, unknown>[] = () => [],
): void {
  Blockly.Blocks[type] = {
    init(this: Blockly.Block) {
      this.jsonInit({
        message0: msg(text),
        args0: args(),
        ...(shape === 'statement' ? { previousStatement: null, nextStatement: null } : { output: shape }),
        inputsInline: true,
        colour: ROBOT_COLOUR,
        tooltip: msg(tip),
        helpUrl: ROBOT_HELP,
      });
    },
  };
}

function defineBlocks(): void {
  define('robot_arena', 'MAKE_ROBOT_ARENA', 'MAKE_ROBOT_ARENA_TIP', 'statement', () => [
    dropdown(
      'ARENA',
      ARENA_IDS.map((id) => [ARENA_TEXTS[id], id]),
    ),
  ]);
  define('robot_motors', 'MAKE_ROBOT_MOTORS', 'MAKE_ROBOT_MOTORS_TIP', 'statement', () => [
    numberInput('LEFT'),
    numberInput('RIGHT'),
  ]);
  define('robot_drive', 'MAKE_ROBOT_DRIVE', 'MAKE_ROBOT_DRIVE_TIP', 'statement', () => [
    dropdown('WAY', [
      ['MAKE_DRIVE_FORWARD', 'forward'],
      ['MAKE_DRIVE_BACKWARD', 'backward'],
      ['MAKE_DRIVE_LEFT', 'left'],
      ['MAKE_DRIVE_RIGHT', 'right'],
    ]),
    numberInput('POWER'),
  ]);
  define('robot_stop', 'MAKE_ROBOT_STOP', 'MAKE_ROBOT_MOTORS_TIP', 'statement');
  define('robot_sensor', 'MAKE_ROBOT_SENSOR', 'MAKE_ROBOT_SENSOR_TIP', 'Number', () => [
    dropdown('SENSOR', SENSOR_OPTIONS),
  ]);
  define('robot_on_line', 'MAKE_ROBOT_ON_LINE', 'MAKE_ROBOT_ON_LINE_TIP', 'Boolean', () => [
    dropdown('SIDE', [
      ['MAKE_SIDE_LEFT', 'lineLeft'],
      ['MAKE_SIDE_RIGHT', 'lineRight'],
    ]),
  ]);
  define('robot_led', 'MAKE_ROBOT_LED', 'MAKE_ROBOT_LED_TIP', 'statement', () => [
    dropdown(
      'COLOUR',
      (Object.keys(LED_COLOURS) as (keyof typeof LED_COLOURS)[]).map((name) => [LED_TEXTS[name], name]),
    ),
  ]);
  define('robot_beep', 'MAKE_ROBOT_BEEP', 'MAKE_ROBOT_BEEP_TIP', 'statement', () => [
    numberInput('NOTE'),
    numberInput('SECONDS'),
  ]);
  define('robot_laps', 'MAKE_ROBOT_LAPS', 'MAKE_ROBOT_LAPS_TIP', 'Number');
  define('robot_floor_is', 'MAKE_ROBOT_FLOOR_IS', 'MAKE_ROBOT_FLOOR_IS_TIP', 'Boolean', () => [
    dropdown(
      'COLOUR',
      (Object.keys(FLOOR_COLOUR_NAMES) as FloorColourName[]).map((name) => [FLOOR_TEXTS[name], name]),
    ),
  ]);
}

const value = (block: Blockly.Block, g: JavascriptGenerator, name: string, fallback: string) =>
  g.valueToCode(block, name, Order.NONE) || fallback;
const field = (block: Blockly.Block, g: JavascriptGenerator, name: string) =>
  g.quote_(block.getFieldValue(name) as string);
const call = (name: string, ...args: string[]) => `${name}(${args.join(', ')});\n`;

function defineGenerators(): void {
  const forBlock = javascriptGenerator.forBlock;
  forBlock.robot_arena = (block, g) => call('robotArena', field(block, g, 'ARENA'));
  forBlock.robot_motors = (block, g) =>
    call('robotMotors', value(block, g, 'LEFT', '0'), value(block, g, 'RIGHT', '0'));
  forBlock.robot_drive = (block, g) =>
    call('robotDrive', field(block, g, 'WAY'), value(block, g, 'POWER', '50'));
  forBlock.robot_stop = () => call('robotMotors', '0', '0');
  forBlock.robot_sensor = (block, g) => [`robotSensor(${field(block, g, 'SENSOR')})`, Order.FUNCTION_CALL];
  forBlock.robot_on_line = (block, g) => [`(robotSensor(${field(block, g, 'SIDE')}) == 1)`, Order.ATOMIC];
  forBlock.robot_led = (block, g) => call('robotLed', field(block, g, 'COLOUR'));
  forBlock.robot_beep = (block, g) =>
    call('robotBeep', value(block, g, 'NOTE', '60'), value(block, g, 'SECONDS', '0.2'));
  forBlock.robot_laps = () => ['robotLaps()', Order.FUNCTION_CALL];
  forBlock.robot_floor_is = (block, g) => [`robotFloorIs(${field(block, g, 'COLOUR')})`, Order.FUNCTION_CALL];
}

defineBlocks();
defineGenerators();
