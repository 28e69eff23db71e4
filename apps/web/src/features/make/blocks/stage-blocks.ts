/**
 * The stage's blocks (Motion, Looks, Sound, Pen, Events, and `control_wait`) and their JavaScript: each calls a
 * host function by name (blocks/host-functions.ts), never the page. Event hats register their script with the
 * runner (`onEvent`, runtime/program-runner.ts) before the top level runs; "when Run clicked" is the program's top level, so its
 * script's code is simply the blocks under it. Texts come from `Blockly.Msg` (blocks/stage-block-texts.ts),
 * read when a block is made. Loaded on demand with Blockly's catalogue (blocks/blockly-setup.ts), so its
 * code and texts are not part of the studio's first load.
 */
import * as Blockly from 'blockly/core';
import { javascriptGenerator, Order, type JavascriptGenerator } from 'blockly/javascript';
import { EVENT_FUNCTION } from '../runtime/highlight.ts';
import { EVENT_KEYS, SPRITE_CLICK_EVENT } from '../runtime/events.ts';
import { pictureCostumeOptions } from '../runtime/project-costumes.ts';
import { COSTUMES } from '../runtime/sprite-world.ts';
import { DEFAULT_PEN_COLOUR, DEFAULT_PEN_SIZE } from '../runtime/pen.ts';
import { STAGE_COLOURS } from './stage-colours.ts';
import type { StageBlockTextKey } from './stage-block-texts.ts';

export { STAGE_BLOCK_TEXTS } from './stage-block-texts.ts';

const KEY_TEXTS: Partial<Record<string, StageBlockTextKey>> = {
  space: 'MAKE_KEY_SPACE',
  up: 'MAKE_KEY_UP',
  down: 'MAKE_KEY_DOWN',
  left: 'MAKE_KEY_LEFT',
  right: 'MAKE_KEY_RIGHT',
};

const msg = (key: StageBlockTextKey): string => Blockly.Msg[key] ?? key;
const numberInput = (name: string) => ({ type: 'input_value', name, check: 'Number' });

type Definition = Record<string, unknown> & { message0: StageBlockTextKey };

/** Block definitions; message keys and dropdown texts are resolved from `Blockly.Msg` when a block is made. */
const DEFINITIONS: Record<string, Definition> = {
  event_when_run: { message0: 'MAKE_EVENT_WHEN_RUN', nextStatement: null, colour: STAGE_COLOURS.events },
  event_when_key_pressed: {
    message0: 'MAKE_EVENT_WHEN_KEY',
    args0: [
      {
        type: 'field_dropdown',
        name: 'KEY',
        options: EVENT_KEYS.map((key) => [KEY_TEXTS[key] ?? key.toUpperCase(), key]),
      },
    ],
    nextStatement: null,
    colour: STAGE_COLOURS.events,
  },
  event_when_sprite_clicked: {
    message0: 'MAKE_EVENT_WHEN_CLICKED',
    nextStatement: null,
    colour: STAGE_COLOURS.events,
  },
  sprite_move: { message0: 'MAKE_SPRITE_MOVE', args0: [numberInput('STEPS')], colour: STAGE_COLOURS.motion },
  sprite_turn: {
    message0: 'MAKE_SPRITE_TURN',
    args0: [
      {
        type: 'field_dropdown',
        name: 'WAY',
        options: [
          ['MAKE_TURN_RIGHT', 'RIGHT'],
          ['MAKE_TURN_LEFT', 'LEFT'],
        ],
      },
      numberInput('DEGREES'),
    ],
    colour: STAGE_COLOURS.motion,
  },
  sprite_goto: {
    message0: 'MAKE_SPRITE_GOTO',
    args0: [numberInput('X'), numberInput('Y')],
    colour: STAGE_COLOURS.motion,
  },
  sprite_point: {
    message0: 'MAKE_SPRITE_POINT',
    args0: [numberInput('DIRECTION')],
    colour: STAGE_COLOURS.motion,
  },
  sprite_say: {
    message0: 'MAKE_SPRITE_SAY',
    args0: [{ type: 'input_value', name: 'TEXT' }],
    colour: STAGE_COLOURS.looks,
  },
  sprite_set_costume: {
    message0: 'MAKE_SPRITE_COSTUME',
    args0: [
      {
        type: 'field_dropdown',
        name: 'COSTUME',
        options: COSTUMES.map((c) => [`MAKE_COSTUME_${c.toUpperCase()}`, c]),
      },
    ],
    colour: STAGE_COLOURS.looks,
  },
  // The camera as the stage's backdrop opens the run's one camera (models/builtin-sight.ts `camera`).
  stage_set_backdrop: {
    message0: 'MAKE_STAGE_BACKDROP',
    args0: [
      {
        type: 'field_dropdown',
        name: 'BACKDROP',
        options: [
          ['MAKE_BACKDROP_WHITE', 'white'],
          ['MAKE_BACKDROP_CAMERA', 'camera'],
        ],
      },
    ],
    colour: STAGE_COLOURS.looks,
  },
  sprite_show: { message0: 'MAKE_SPRITE_SHOW', colour: STAGE_COLOURS.looks },
  sprite_hide: { message0: 'MAKE_SPRITE_HIDE', colour: STAGE_COLOURS.looks },
  sprite_set_size: {
    message0: 'MAKE_SPRITE_SIZE',
    args0: [numberInput('SIZE')],
    colour: STAGE_COLOURS.looks,
  },
  sound_play_note: {
    message0: 'MAKE_SOUND_NOTE',
    args0: [numberInput('NOTE'), numberInput('BEATS')],
    colour: STAGE_COLOURS.sound,
  },
  control_wait: {
    message0: 'MAKE_CONTROL_WAIT',
    args0: [numberInput('SECONDS')],
    colour: STAGE_COLOURS.control,
  },
  pen_down: { message0: 'MAKE_PEN_DOWN', colour: STAGE_COLOURS.pen },
  pen_up: { message0: 'MAKE_PEN_UP', colour: STAGE_COLOURS.pen },
  pen_clear: { message0: 'MAKE_PEN_CLEAR', colour: STAGE_COLOURS.pen },
  // An input holding the colour field's block (the toolbox puts it there), so `random colour` or a text
  // '#rrggbb' fit too; the pen ignores anything that is not such a colour.
  pen_set_colour: {
    message0: 'MAKE_PEN_COLOUR',
    args0: [{ type: 'input_value', name: 'COLOUR' }],
    colour: STAGE_COLOURS.pen,
  },
  pen_set_size: { message0: 'MAKE_PEN_SIZE', args0: [numberInput('SIZE')], colour: STAGE_COLOURS.pen },
};

/** Hat blocks: their script is their own (other modules' hats join, e.g. the model blocks'). */
export const HATS = new Set(['event_when_run', 'event_when_key_pressed', 'event_when_sprite_clicked']);

/** A definition with its texts looked up now (the UI language's `Msg`). */
function localised(definition: Definition, type: string): Record<string, unknown> {
  const text = (value: unknown) =>
    typeof value === 'string' && value in Blockly.Msg ? Blockly.Msg[value] : value;
  const args = (definition.args0 as Record<string, unknown>[] | undefined)?.map((arg) =>
    Array.isArray(arg.options)
      ? { ...arg, options: (arg.options as [string, string][]).map(([label, value]) => [text(label), value]) }
      : arg,
  );
  const statement = HATS.has(type) ? {} : { previousStatement: null, nextStatement: null };
  return {
    ...statement,
    ...definition,
    message0: msg(definition.message0),
    ...(args ? { args0: args } : {}),
  };
}

/**
 * The costume dropdown: the built-in costumes, then the project's own pictures (runtime/project-costumes.ts),
 * read each time the menu opens or a value is checked, so a picture added in the Costumes panel shows at once.
 */
function withPictureCostumes(json: Record<string, unknown>): Record<string, unknown> {
  const [field] = json.args0 as [{ options: [string, string][] }];
  const builtIn = field.options;
  const options = () => [...builtIn, ...pictureCostumeOptions(msg('MAKE_COSTUME_MISSING'))];
  return { ...json, args0: [{ ...field, options }] };
}

function defineBlocks(): void {
  for (const [type, definition] of Object.entries(DEFINITIONS)) {
    Blockly.Blocks[type] = {
      init(this: Blockly.Block) {
        const json = localised(definition, type);
        this.jsonInit(type === 'sprite_set_costume' ? withPictureCostumes(json) : json);
      },
    };
  }
}

const value = (block: Blockly.Block, generator: JavascriptGenerator, name: string, fallback: string) =>
  generator.valueToCode(block, name, Order.NONE) || fallback;
const call = (name: string, ...args: string[]) => `${name}(${args.join(', ')});\n`;

/**
 * An event hat's code: its script (the blocks under it) registered as the handler of `event`. The
 * registration goes with the definitions, before the program's top level, so a key pressed while the
 * "when Run clicked" scripts run already finds it.
 */
export function eventScript(event: string, block: Blockly.Block, generator: JavascriptGenerator): string {
  const next = block.getNextBlock();
  const body = next ? generator.blockToCode(next) : '';
  const script = typeof body === 'string' ? generator.prefixLines(body, generator.INDENT) : '';
  // provideFunction_ keeps it with the definitions (Blockly's way to put code before the top level).
  generator.provideFunction_(
    `event_${block.id}`,
    `${EVENT_FUNCTION}(${generator.quote_(event)}, function () {\n${script}});`,
  );
  return '';
}

function defineGenerators(): void {
  const forBlock = javascriptGenerator.forBlock;
  // "when Run clicked" is the top level: the blocks under it follow as the generator chains them.
  forBlock.event_when_run = () => '';
  forBlock.event_when_key_pressed = (block, generator) =>
    eventScript(`key:${block.getFieldValue('KEY') as string}`, block, generator);
  forBlock.event_when_sprite_clicked = (block, generator) =>
    eventScript(SPRITE_CLICK_EVENT, block, generator);
  forBlock.sprite_move = (block, g) => call('spriteMove', value(block, g, 'STEPS', '0'));
  forBlock.sprite_turn = (block, g) => {
    const degrees = value(block, g, 'DEGREES', '0');
    return call('spriteTurn', block.getFieldValue('WAY') === 'LEFT' ? `-(${degrees})` : degrees);
  };
  forBlock.sprite_goto = (block, g) =>
    call('spriteGoTo', value(block, g, 'X', '0'), value(block, g, 'Y', '0'));
  forBlock.sprite_point = (block, g) => call('spritePoint', value(block, g, 'DIRECTION', '90'));
  forBlock.sprite_say = (block, g) => call('spriteSay', value(block, g, 'TEXT', "''"));
  forBlock.sprite_set_costume = (block, g) =>
    call('spriteCostume', g.quote_(block.getFieldValue('COSTUME') as string));
  forBlock.stage_set_backdrop = (block, g) =>
    call('stageBackdrop', g.quote_(block.getFieldValue('BACKDROP') as string));
  forBlock.sprite_show = () => call('spriteShow');
  forBlock.sprite_hide = () => call('spriteHide');
  forBlock.sprite_set_size = (block, g) => call('spriteSize', value(block, g, 'SIZE', '100'));
  forBlock.sound_play_note = (block, g) =>
    call('playNote', value(block, g, 'NOTE', '60'), value(block, g, 'BEATS', '1'));
  forBlock.control_wait = (block, g) => call('wait', value(block, g, 'SECONDS', '1'));
  forBlock.pen_down = () => call('penDown');
  forBlock.pen_up = () => call('penUp');
  forBlock.pen_clear = () => call('penClear');
  forBlock.pen_set_colour = (block, g) =>
    call('penColour', value(block, g, 'COLOUR', g.quote_(DEFAULT_PEN_COLOUR)));
  forBlock.pen_set_size = (block, g) => call('penSize', value(block, g, 'SIZE', String(DEFAULT_PEN_SIZE)));

  // An event hat's script is inside its handler: the generator must not also chain it after the hat.
  const chain = javascriptGenerator.scrub_.bind(javascriptGenerator);
  javascriptGenerator.scrub_ = (block, code, thisOnly) =>
    chain(block, code, thisOnly || (HATS.has(block.type) && block.type !== 'event_when_run'));
}

defineBlocks();
defineGenerators();
