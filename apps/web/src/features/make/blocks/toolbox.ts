/**
 * The toolbox: Blockly's standard categories with their standard blocks (as in Blockly's own playground),
 * with the number and text shadows that make each block usable at once. Category names come from our texts;
 * the colours are Blockly's own category hues (`%{BKY_…_HUE}`).
 */
import type { utils } from 'blockly/core';
import { STAGE_COLOURS } from './stage-colours.ts';

/** The Models category's dynamic name and colour (kept here: the model blocks load on demand). */
export const MODEL_CATEGORY = 'MAKE_MODELS';
export const MODEL_COLOUR = '#0FBD8C';
/** The built-in AI blocks' colour (models/builtin-blocks.ts). */
export const AI_COLOUR = '#5B67E8';
/** The robot blocks' colour (robot/robot-blocks.ts): the embodiment page's robot orange. */
export const ROBOT_COLOUR = '#E8743B';

export interface CategoryNames {
  search: string;
  models: string;
  ai: string;
  events: string;
  motion: string;
  looks: string;
  sound: string;
  pen: string;
  logic: string;
  loops: string;
  math: string;
  text: string;
  lists: string;
  colour: string;
  variables: string;
  functions: string;
  cloud: string;
  robot: string;
}

type Item = utils.toolbox.ToolboxItemInfo;

const block = (type: string, extra: Record<string, unknown> = {}): Item => ({
  kind: 'block',
  type,
  ...extra,
});
const num = (value: number) => ({ shadow: { type: 'math_number', fields: { NUM: value } } });
const txt = (value: string) => ({ shadow: { type: 'text', fields: { TEXT: value } } });
const listVar = { block: { type: 'variables_get', fields: { VAR: { name: 'list' } } } };
const textVar = { block: { type: 'variables_get', fields: { VAR: { name: 'text' } } } };

/** The blocks of each category, in the order students meet them. */
function categories(names: CategoryNames, cloud: Item[]): utils.toolbox.ToolboxInfo['contents'] {
  return [
    // Finds blocks of the categories below by their words (blocks/workspace-tools.ts).
    { kind: 'search', name: names.search, contents: [] },
    // The student's own models (models/model-blocks.ts fills it when it opens).
    { kind: 'category', name: names.models, colour: MODEL_COLOUR, custom: MODEL_CATEGORY },
    // Built-in models that need no training (models/builtin-blocks.ts): each block's help opens its lab.
    {
      kind: 'category',
      name: names.ai,
      colour: AI_COLOUR,
      contents: [
        block('ai_speak', { inputs: { TEXT: txt('Hello!') } }),
        block('ai_face_count'),
        block('ai_face_x'),
        block('ai_face_y'),
        block('ai_body_point'),
        block('ai_hand_point'),
        block('ai_drawing_label'),
        block('ai_drawing_confidence'),
        block('ai_drawing_digit'),
        block('ai_read_text'),
        // Command words heard with the student's sound model (models/hearing-blocks.ts).
        block('ai_when_hear_word'),
        block('ai_heard_word'),
        block('ai_heard_confidence'),
      ],
    },
    // The robot world's and a real robot's blocks (robot/robot-blocks.ts): a program with one runs in the world.
    {
      kind: 'category',
      name: names.robot,
      colour: ROBOT_COLOUR,
      contents: [
        block('robot_arena'),
        block('robot_drive', { inputs: { POWER: num(50) } }),
        block('robot_motors', { inputs: { LEFT: num(50), RIGHT: num(50) } }),
        block('robot_stop'),
        block('robot_on_line'),
        block('robot_floor_is'),
        block('robot_sensor'),
        block('robot_laps'),
        block('robot_led'),
        block('robot_beep', { inputs: { NOTE: num(72), SECONDS: num(0.2) } }),
      ],
    },
    {
      kind: 'category',
      name: names.events,
      colour: STAGE_COLOURS.events,
      contents: [
        block('event_when_run'),
        block('event_when_key_pressed'),
        block('event_when_sprite_clicked'),
        block('control_wait', { inputs: { SECONDS: num(1) } }),
      ],
    },
    {
      kind: 'category',
      name: names.motion,
      colour: STAGE_COLOURS.motion,
      contents: [
        block('sprite_move', { inputs: { STEPS: num(10) } }),
        block('sprite_turn', { inputs: { DEGREES: num(15) } }),
        block('sprite_goto', { inputs: { X: num(0), Y: num(0) } }),
        block('sprite_point', { inputs: { DIRECTION: num(90) } }),
      ],
    },
    {
      kind: 'category',
      name: names.looks,
      colour: STAGE_COLOURS.looks,
      contents: [
        block('sprite_say', { inputs: { TEXT: txt('Hello!') } }),
        block('sprite_set_costume'),
        block('sprite_set_size', { inputs: { SIZE: num(100) } }),
        block('stage_set_backdrop'),
        block('sprite_show'),
        block('sprite_hide'),
      ],
    },
    {
      kind: 'category',
      name: names.sound,
      colour: STAGE_COLOURS.sound,
      contents: [block('sound_play_note', { inputs: { NOTE: num(60), BEATS: num(0.5) } })],
    },
    {
      kind: 'category',
      name: names.pen,
      colour: STAGE_COLOURS.pen,
      contents: [
        block('pen_clear'),
        block('pen_down'),
        block('pen_up'),
        block('pen_set_colour', {
          inputs: { COLOUR: { shadow: { type: 'colour_picker', fields: { COLOUR: '#ff0000' } } } },
        }),
        block('pen_set_size', { inputs: { SIZE: num(5) } }),
      ],
    },
    {
      kind: 'category',
      name: names.cloud,
      colour: STAGE_COLOURS.cloud,
      // The blocks come with their chunk (blocks/cloud-blocks.ts), loaded before a workspace is made.
      contents: cloud,
    },
    {
      kind: 'category',
      name: names.logic,
      categorystyle: 'logic_category',
      contents: [
        block('controls_if'),
        block('logic_compare'),
        block('logic_operation'),
        block('logic_negate'),
        block('logic_boolean'),
        block('logic_null'),
        block('logic_ternary'),
      ],
    },
    {
      kind: 'category',
      name: names.loops,
      categorystyle: 'loop_category',
      contents: [
        block('controls_repeat_ext', { inputs: { TIMES: num(10) } }),
        block('controls_whileUntil'),
        block('controls_for', { inputs: { FROM: num(1), TO: num(10), BY: num(1) } }),
        block('controls_forEach'),
        block('controls_flow_statements'),
      ],
    },
    {
      kind: 'category',
      name: names.math,
      categorystyle: 'math_category',
      contents: [
        block('math_number', { fields: { NUM: 123 } }),
        block('math_arithmetic', { inputs: { A: num(1), B: num(1) } }),
        block('math_single', { inputs: { NUM: num(9) } }),
        block('math_trig', { inputs: { NUM: num(45) } }),
        block('math_constant'),
        block('math_number_property', { inputs: { NUMBER_TO_CHECK: num(0) } }),
        block('math_round', { inputs: { NUM: num(3.1) } }),
        block('math_on_list'),
        block('math_modulo', { inputs: { DIVIDEND: num(64), DIVISOR: num(10) } }),
        block('math_constrain', { inputs: { VALUE: num(50), LOW: num(1), HIGH: num(100) } }),
        block('math_random_int', { inputs: { FROM: num(1), TO: num(100) } }),
        block('math_random_float'),
        block('math_atan2', { inputs: { X: num(1), Y: num(1) } }),
      ],
    },
    {
      kind: 'category',
      name: names.text,
      categorystyle: 'text_category',
      contents: [
        block('text'),
        block('text_join'),
        block('text_append', { inputs: { TEXT: txt('') } }),
        block('text_length', { inputs: { VALUE: txt('abc') } }),
        block('text_isEmpty', { inputs: { VALUE: txt('') } }),
        block('text_indexOf', { inputs: { VALUE: textVar, FIND: txt('abc') } }),
        block('text_charAt', { inputs: { VALUE: textVar } }),
        block('text_getSubstring', { inputs: { STRING: textVar } }),
        block('text_changeCase', { inputs: { TEXT: txt('abc') } }),
        block('text_trim', { inputs: { TEXT: txt('abc') } }),
        block('text_count', { inputs: { SUB: txt(''), TEXT: txt('') } }),
        block('text_replace', { inputs: { FROM: txt(''), TO: txt(''), TEXT: txt('') } }),
        block('text_reverse', { inputs: { TEXT: txt('') } }),
        block('text_print', { inputs: { TEXT: txt('abc') } }),
        block('text_prompt_ext', { inputs: { TEXT: txt('abc') } }),
      ],
    },
    {
      kind: 'category',
      name: names.lists,
      categorystyle: 'list_category',
      contents: [
        block('lists_create_with', { extraState: { itemCount: 0 } }),
        block('lists_create_with'),
        block('lists_repeat', { inputs: { NUM: num(5) } }),
        block('lists_length'),
        block('lists_isEmpty'),
        block('lists_indexOf', { inputs: { VALUE: listVar } }),
        block('lists_getIndex', { inputs: { VALUE: listVar } }),
        block('lists_setIndex', { inputs: { LIST: listVar } }),
        block('lists_getSublist', { inputs: { LIST: listVar } }),
        block('lists_split', { inputs: { DELIM: txt(',') } }),
        block('lists_sort'),
        block('lists_reverse'),
      ],
    },
    {
      kind: 'category',
      name: names.colour,
      colour: '#A5745B',
      contents: [
        block('colour_picker'),
        block('colour_random'),
        block('colour_rgb', { inputs: { RED: num(100), GREEN: num(50), BLUE: num(0) } }),
        block('colour_blend', {
          inputs: {
            COLOUR1: { shadow: { type: 'colour_picker', fields: { COLOUR: '#ff0000' } } },
            COLOUR2: { shadow: { type: 'colour_picker', fields: { COLOUR: '#3333ff' } } },
            RATIO: num(0.5),
          },
        }),
      ],
    },
    { kind: 'sep' },
    { kind: 'category', name: names.variables, categorystyle: 'variable_category', custom: 'VARIABLE' },
    { kind: 'category', name: names.functions, categorystyle: 'procedure_category', custom: 'PROCEDURE' },
  ];
}

export function studioToolbox(names: CategoryNames, cloud: Item[]): utils.toolbox.ToolboxInfo {
  return { kind: 'categoryToolbox', contents: categories(names, cloud) };
}
