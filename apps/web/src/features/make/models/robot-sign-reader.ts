/**
 * "Robot: stop at the stop sign" (issue 27), the program an image model trained on the robot's own camera
 * view starts (model-starter.ts): in the traffic town the robot follows the road with the line follower's
 * rules and asks the student's model what its camera sees; when the model says the stop sign's label, the
 * robot stops, shows red, waits three seconds, and drives on without looking for a moment (so the sign it has
 * just obeyed, still in view, does not stop it again). Offered for an image model with a label named like a
 * stop sign ("Stop", "停车"). Ordinary blocks the student can read and change. Pure: tested in Node
 * (starters.test.ts) and in the browser (e2e/make/models.e2e.ts).
 */
import { lineFollowerRules, type MakeWorkspace } from '@ai-edu/contract';
import type { ModelRef } from './model-refs.ts';
import { ROBOT_CAMERA_MODEL_BLOCK } from './model-refs.ts';
import {
  block,
  changeVar,
  equals,
  getVar,
  num,
  setVar,
  stack,
  text,
  value,
  wait,
  type Block,
} from './block-json.ts';

/** What the program prints, and its variable's name, in the student's language (models/i18n.ts `signs`). */
export interface SignReaderTexts {
  hello: string;
  stopped: string;
  ignore: string;
}

/**
 * Loop rounds the robot drives on without looking after a stop, each waiting 0.05 s: about three seconds, half
 * a metre of road, so the sign it obeyed is behind it.
 */
export const IGNORE_ROUNDS = 60;
/**
 * The line follower's wheel powers on the road (lineFollowerRules): slow enough for the model to look several
 * times on the way to a sign.
 */
const POWER = 45;
const TURN_INNER = 10;

/**
 * The label that means "stop": one named like it ("Stop", "stop sign", "停车"), or null — then the model was not
 * made to read signs and the studio does not offer this program for it.
 */
export function stopLabelOf(labels: readonly string[]): string | null {
  return labels.find((label) => /stop|停/i.test(label)) ?? null;
}

const print = (line: string) => block('text_print', undefined, { TEXT: value(text(line)) });
const led = (colour: string) => block('robot_led', { COLOUR: colour });

/** The program, `stop` being the model's label for the stop sign. */
export function signReaderWorkspace(model: ModelRef, stop: string, t: SignReaderTexts): MakeWorkspace {
  const looking: Block = {
    ...block('controls_if', undefined, {
      IF0: value(block('logic_compare', { OP: 'GT' }, { A: value(getVar('ignore')), B: num(0) })),
      DO0: value(stack(changeVar('ignore', -1), wait(0.05))),
      IF1: value(equals({ type: ROBOT_CAMERA_MODEL_BLOCK, extraState: { model } }, text(stop))),
      DO1: value(
        stack(
          block('robot_stop'),
          led('red'),
          print(t.stopped),
          wait(3),
          led('green'),
          setVar('ignore', { type: 'math_number', fields: { NUM: IGNORE_ROUNDS } }),
        ),
      ),
    }),
    extraState: { elseIfCount: 1 },
  };
  return {
    blocks: {
      languageVersion: 0,
      blocks: [
        stack(
          { type: 'event_when_run', x: 20, y: 20 },
          block('robot_arena', { ARENA: 'town' }),
          setVar('ignore', { type: 'math_number', fields: { NUM: 0 } }),
          led('green'),
          print(t.hello),
          block(
            'controls_whileUntil',
            { MODE: 'WHILE' },
            {
              BOOL: value(block('logic_boolean', { BOOL: 'TRUE' })),
              DO: value(stack(looking, lineFollowerRules(POWER, TURN_INNER))),
            },
          ),
        ),
      ],
    },
    variables: [{ name: t.ignore, id: 'ignore' }],
  };
}
