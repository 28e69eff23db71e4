/**
 * The built-in AI blocks (docs/make-studio.md "Built-in AI blocks"): blocks that need no training, each
 * answered by the model its lab uses (the app route hands the labs' code in: builtin-kit.ts). `speak` waits
 * until the text has been spoken; the camera blocks read the run's latest sighting (models/builtin-sight.ts)
 * as stage coordinates; the drawing blocks read the pen's drawing (models/drawing-host.ts); `read text` reads
 * the camera's frame with the textKnow lab's OCR. Each block's help opens its lab. Loaded on demand with the
 * stage blocks.
 */
import * as Blockly from 'blockly/core';
import { javascriptGenerator, Order } from 'blockly/javascript';
import { AI_COLOUR } from '../blocks/toolbox.ts';
import type { BuiltinBlockTextKey } from './builtin-block-texts.ts';

export { BUILTIN_BLOCK_TEXTS } from './builtin-block-texts.ts';

export const BUILTIN_BLOCK_TYPES = [
  'ai_speak',
  'ai_face_count',
  'ai_face_x',
  'ai_face_y',
  'ai_body_point',
  'ai_hand_point',
  'ai_drawing_label',
  'ai_drawing_confidence',
  'ai_drawing_digit',
  'ai_read_text',
] as const;

/** The body's key points a block offers: human's MoveNet part names (labs/trainPose/pose-adapter.ts). */
export const BODY_POINTS = [
  ['MAKE_AI_NOSE', 'nose'],
  ['MAKE_AI_LEFT_WRIST', 'leftWrist'],
  ['MAKE_AI_RIGHT_WRIST', 'rightWrist'],
  ['MAKE_AI_LEFT_SHOULDER', 'leftShoulder'],
  ['MAKE_AI_RIGHT_SHOULDER', 'rightShoulder'],
  ['MAKE_AI_LEFT_EYE', 'leftEye'],
  ['MAKE_AI_RIGHT_EYE', 'rightEye'],
] as const satisfies readonly (readonly [BuiltinBlockTextKey, string])[];

/** The hand's key points a block offers, by their landmark number (0 wrist, 4 thumb tip … 20 little tip). */
export const HAND_POINTS = [
  ['MAKE_AI_INDEX_TIP', 'indexTip'],
  ['MAKE_AI_THUMB_TIP', 'thumbTip'],
  ['MAKE_AI_MIDDLE_TIP', 'middleTip'],
  ['MAKE_AI_RING_TIP', 'ringTip'],
  ['MAKE_AI_PINKY_TIP', 'pinkyTip'],
  ['MAKE_AI_WRIST', 'wrist'],
] as const satisfies readonly (readonly [BuiltinBlockTextKey, string])[];

const HELP = {
  speech: '/ailab/voiceSynthesis',
  face: '/ailab/faceAnalyze',
  pose: '/ailab/trainPose',
  hand: '/ailab/trainHandPose',
  doodle: '/ailab/quickDraw',
  digit: '/ailab/numberPredict',
  text: '/ailab/textKnow',
} as const;

const msg = (key: BuiltinBlockTextKey): string => Blockly.Msg[key] ?? key;
const options = (list: readonly (readonly [BuiltinBlockTextKey, string])[]): Blockly.MenuOption[] =>
  list.map(([text, value]) => [msg(text), value]);
const axisField = () =>
  new Blockly.FieldDropdown([
    [msg('MAKE_AI_AXIS_X'), 'x'],
    [msg('MAKE_AI_AXIS_Y'), 'y'],
  ]);

/** A reporter with no inputs (a number, or null for a text or a number). */
function reporter(
  text: BuiltinBlockTextKey,
  tip: BuiltinBlockTextKey,
  help: string,
  output: 'Number' | 'String' | null = 'Number',
) {
  return {
    init(this: Blockly.Block) {
      this.appendDummyInput().appendField(msg(text));
      this.setOutput(true, output);
      this.setColour(AI_COLOUR);
      this.setTooltip(msg(tip));
      this.setHelpUrl(help);
    },
  };
}

/** "⟨x ▾⟩ of body ⟨nose ▾⟩": the axis in %1, the point in %2 (their order differs between languages). */
function pointBlock(
  text: BuiltinBlockTextKey,
  points: readonly (readonly [BuiltinBlockTextKey, string])[],
  help: string,
) {
  return {
    init(this: Blockly.Block) {
      const input = this.appendDummyInput();
      for (const piece of msg(text).split(/(%[12])/)) {
        if (piece === '%1') input.appendField(axisField(), 'AXIS');
        else if (piece === '%2') input.appendField(new Blockly.FieldDropdown(options(points)), 'POINT');
        else if (piece.trim()) input.appendField(piece.trim());
      }
      this.setOutput(true, 'Number');
      this.setColour(AI_COLOUR);
      this.setTooltip(msg('MAKE_AI_POINT_TIP'));
      this.setHelpUrl(help);
    },
  };
}

function defineBlocks(): void {
  Blockly.Blocks.ai_speak = {
    init(this: Blockly.Block) {
      this.jsonInit({
        message0: msg('MAKE_AI_SPEAK'),
        args0: [{ type: 'input_value', name: 'TEXT' }],
        previousStatement: null,
        nextStatement: null,
        colour: AI_COLOUR,
        tooltip: msg('MAKE_AI_SPEAK_TIP'),
        helpUrl: HELP.speech,
      });
    },
  };
  Blockly.Blocks.ai_face_count = reporter('MAKE_AI_FACE_COUNT', 'MAKE_AI_FACE_COUNT_TIP', HELP.face);
  Blockly.Blocks.ai_face_x = reporter('MAKE_AI_FACE_X', 'MAKE_AI_FACE_XY_TIP', HELP.face);
  Blockly.Blocks.ai_face_y = reporter('MAKE_AI_FACE_Y', 'MAKE_AI_FACE_XY_TIP', HELP.face);
  Blockly.Blocks.ai_body_point = pointBlock('MAKE_AI_BODY_POINT', BODY_POINTS, HELP.pose);
  Blockly.Blocks.ai_hand_point = pointBlock('MAKE_AI_HAND_POINT', HAND_POINTS, HELP.hand);
  Blockly.Blocks.ai_drawing_label = reporter(
    'MAKE_AI_DRAWING_LABEL',
    'MAKE_AI_DRAWING_LABEL_TIP',
    HELP.doodle,
    'String',
  );
  Blockly.Blocks.ai_drawing_confidence = reporter(
    'MAKE_AI_DRAWING_CONFIDENCE',
    'MAKE_AI_DRAWING_CONFIDENCE_TIP',
    HELP.doodle,
  );
  // '' for an empty drawing, else 0–9: a text or a number.
  Blockly.Blocks.ai_drawing_digit = reporter(
    'MAKE_AI_DRAWING_DIGIT',
    'MAKE_AI_DRAWING_DIGIT_TIP',
    HELP.digit,
    null,
  );
  Blockly.Blocks.ai_read_text = {
    init(this: Blockly.Block) {
      this.appendDummyInput().appendField(msg('MAKE_AI_READ_TEXT'));
      this.setOutput(true, 'String');
      this.setColour(AI_COLOUR);
      this.setTooltip(msg('MAKE_AI_READ_TEXT_TIP'));
      this.setHelpUrl(HELP.text);
    },
  };
}

function defineGenerators(): void {
  const forBlock = javascriptGenerator.forBlock;
  forBlock.ai_speak = (block, generator) =>
    `speak(${generator.valueToCode(block, 'TEXT', Order.NONE) || "''"});\n`;
  forBlock.ai_face_count = () => ['faceCount()', Order.FUNCTION_CALL];
  forBlock.ai_face_x = () => ["facePosition('x')", Order.FUNCTION_CALL];
  forBlock.ai_face_y = () => ["facePosition('y')", Order.FUNCTION_CALL];
  forBlock.ai_body_point = (block, generator) => [
    `bodyPoint(${generator.quote_(block.getFieldValue('AXIS') as string)}, ${generator.quote_(block.getFieldValue('POINT') as string)})`,
    Order.FUNCTION_CALL,
  ];
  forBlock.ai_read_text = () => ['readText()', Order.FUNCTION_CALL];
  forBlock.ai_hand_point = (block, generator) => [
    `handPoint(${generator.quote_(block.getFieldValue('AXIS') as string)}, ${generator.quote_(block.getFieldValue('POINT') as string)})`,
    Order.FUNCTION_CALL,
  ];
  forBlock.ai_drawing_label = () => ['drawingLabel()', Order.FUNCTION_CALL];
  forBlock.ai_drawing_confidence = () => ['drawingConfidence()', Order.FUNCTION_CALL];
  forBlock.ai_drawing_digit = () => ['drawingDigit()', Order.FUNCTION_CALL];
}

defineBlocks();
defineGenerators();
