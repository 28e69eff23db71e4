/**
 * The model blocks: a student's own trained models as blocks (issue 26, docs/make-studio.md "Model blocks").
 * Each block carries the model it asks in its extra state (`{model: {id, name, labels, lab}}`), so a project
 * opens with its blocks intact on a computer that lacks the model (the run then says so) and the label
 * dropdown always holds the project's label. The Models category lists the student's models
 * (`setStudioModels`), three blocks each; its help link opens the lab the model was trained in.
 * Loaded on demand with the stage blocks (blocks/blockly-setup.ts).
 */
import * as Blockly from 'blockly/core';
import { javascriptGenerator, Order } from 'blockly/javascript';
import { modelEventName } from '../runtime/events.ts';
import { eventScript, HATS } from '../blocks/stage-blocks.ts';
import { MODEL_CATEGORY, MODEL_COLOUR } from '../blocks/toolbox.ts';
import type { ModelBlockTextKey } from './model-block-texts.ts';
import { programModelLabPath } from '../../../lib/program-model-labs.ts';
import {
  COSTUME_MODEL_BLOCK,
  readModelRef,
  ROBOT_CAMERA_MODEL_BLOCK,
  TEXT_MODEL_BLOCK,
  type ModelRef,
} from './model-refs.ts';
import { hearingFlyoutBlocks } from './hearing-blocks.ts';
import type { ProgramModelInput } from '../../../lib/program-models.ts';

/** A model of the student's library as the category lists it: a sound model's blocks are the hearing ones. */
export type StudioModel = ModelRef & { input: ProgramModelInput };

export { MODEL_BLOCK_TEXTS } from './model-block-texts.ts';

export const MODEL_BLOCK_TYPES = [
  'model_when_sees',
  'model_label',
  'model_confidence',
  TEXT_MODEL_BLOCK,
  COSTUME_MODEL_BLOCK,
  ROBOT_CAMERA_MODEL_BLOCK,
] as const;

/** The trainers a student can make a model in, for the empty Models category's buttons. */
const TRAINERS = [
  { lab: 'trainImage', text: 'MAKE_MODEL_TRAIN_IMAGE' },
  { lab: 'trainPose', text: 'MAKE_MODEL_TRAIN_POSE' },
  { lab: 'trainHandPose', text: 'MAKE_MODEL_TRAIN_HAND' },
  { lab: 'trainAudio', text: 'MAKE_MODEL_TRAIN_SOUND' },
  { lab: 'trainText', text: 'MAKE_MODEL_TRAIN_TEXT' },
] as const satisfies readonly { lab: string; text: ModelBlockTextKey }[];

const msg = (key: ModelBlockTextKey): string => Blockly.Msg[key] ?? key;

type ModelBlock = Blockly.Block & { model: ModelRef | null };

const labelOptions = (block: Blockly.Block | null): Blockly.MenuOption[] => {
  const labels = (block as ModelBlock | null)?.model?.labels ?? [];
  return labels.length ? labels.map((label) => [label, label]) : [['?', '']];
};

/** The behaviour every model block shares: its model in the extra state, shown by name, its lab as help. */
function modelBlock(init: (block: ModelBlock) => void) {
  return {
    init(this: ModelBlock) {
      this.model = null;
      init(this);
      this.setColour(MODEL_COLOUR);
    },
    saveExtraState(this: ModelBlock) {
      return this.model ? { model: this.model } : null;
    },
    loadExtraState(this: ModelBlock, state: unknown) {
      this.model = readModelRef((state as { model?: unknown } | null)?.model);
      this.getField('MODEL')?.setValue(this.model?.name ?? '?');
      this.setHelpUrl(this.model?.lab ? programModelLabPath(this.model.lab) : '');
    },
  };
}

/** The label dropdown: the block's model's labels (known once its extra state is read, before its fields). */
const labelField = () =>
  new Blockly.FieldDropdown(function (this: Blockly.FieldDropdown) {
    return labelOptions(this.getSourceBlock());
  });

const modelName = () => new Blockly.FieldLabel('?');

/**
 * The block's text with its fields in the `%1`, `%2` slots, in the order the language puts them (the fields'
 * order in `fields` is the slots' numbering).
 */
function appendText(block: Blockly.Block, text: string, fields: Record<string, () => Blockly.Field>): void {
  const input = block.appendDummyInput();
  const names = Object.keys(fields);
  for (const part of text.split(/(%\d)/)) {
    const slot = /^%(\d)$/.exec(part);
    const name = slot ? names[Number(slot[1]) - 1] : undefined;
    const make = name ? fields[name] : undefined;
    if (name && make) input.appendField(make(), name);
    // Blockly spaces fields itself (as its JSON messages do).
    else if (!slot && part.trim()) input.appendField(part.trim());
  }
}

function defineBlocks(): void {
  Blockly.Blocks.model_when_sees = modelBlock((block) => {
    appendText(block, msg('MAKE_MODEL_WHEN_SEES'), { MODEL: modelName, LABEL: labelField });
    block.setNextStatement(true);
    block.setTooltip(msg('MAKE_MODEL_WHEN_SEES_TIP'));
  });
  Blockly.Blocks.model_label = modelBlock((block) => {
    appendText(block, msg('MAKE_MODEL_LABEL'), { MODEL: modelName });
    block.setOutput(true, 'String');
    block.setTooltip(msg('MAKE_MODEL_LABEL_TIP'));
  });
  // "⟨model⟩ label of text ⟨text⟩": the text trainer's classifier on any text (a value input, not a field).
  Blockly.Blocks[TEXT_MODEL_BLOCK] = modelBlock((block) => {
    const text = msg('MAKE_MODEL_CLASSIFY_TEXT');
    const [before = '', after = ''] = text.split('%2');
    appendText(block, before, { MODEL: modelName });
    block.appendValueInput('TEXT').setCheck(null);
    if (after.trim()) block.appendDummyInput().appendField(after.trim());
    block.setInputsInline(true);
    block.setOutput(true, 'String');
    block.setTooltip(msg('MAKE_MODEL_CLASSIFY_TEXT_TIP'));
  });
  // "⟨model⟩ label of the costume": an image model on the sprite's costume as the stage draws it, not the camera.
  Blockly.Blocks[COSTUME_MODEL_BLOCK] = modelBlock((block) => {
    appendText(block, msg('MAKE_MODEL_CLASSIFY_COSTUME'), { MODEL: modelName });
    block.setOutput(true, 'String');
    block.setTooltip(msg('MAKE_MODEL_CLASSIFY_COSTUME_TIP'));
  });
  // "⟨model⟩ label of the robot's camera": what the robot world's robot sees ahead (robot/robot-run.ts).
  Blockly.Blocks[ROBOT_CAMERA_MODEL_BLOCK] = modelBlock((block) => {
    appendText(block, msg('MAKE_MODEL_CLASSIFY_ROBOT_CAMERA'), { MODEL: modelName });
    block.setOutput(true, 'String');
    block.setTooltip(msg('MAKE_MODEL_CLASSIFY_ROBOT_CAMERA_TIP'));
  });
  Blockly.Blocks.model_confidence = modelBlock((block) => {
    appendText(block, msg('MAKE_MODEL_CONFIDENCE'), { MODEL: modelName, LABEL: labelField });
    block.setOutput(true, 'Number');
    block.setTooltip(msg('MAKE_MODEL_CONFIDENCE_TIP'));
  });
}

function defineGenerators(): void {
  const forBlock = javascriptGenerator.forBlock;
  const modelId = (block: Blockly.Block) => (block as ModelBlock).model?.id ?? '';
  forBlock.model_when_sees = (block, generator) =>
    eventScript(modelEventName(modelId(block), block.getFieldValue('LABEL') as string), block, generator);
  forBlock.model_label = (block, generator) => [
    `modelLabel(${generator.quote_(modelId(block))})`,
    Order.FUNCTION_CALL,
  ];
  forBlock.model_confidence = (block, generator) => [
    `modelConfidence(${generator.quote_(modelId(block))}, ${generator.quote_(block.getFieldValue('LABEL') as string)})`,
    Order.FUNCTION_CALL,
  ];
  forBlock[TEXT_MODEL_BLOCK] = (block, generator) => [
    `modelClassifyText(${generator.quote_(modelId(block))}, ${generator.valueToCode(block, 'TEXT', Order.NONE) || "''"})`,
    Order.FUNCTION_CALL,
  ];
  forBlock[COSTUME_MODEL_BLOCK] = (block, generator) => [
    `modelClassifyCostume(${generator.quote_(modelId(block))})`,
    Order.FUNCTION_CALL,
  ];
  forBlock[ROBOT_CAMERA_MODEL_BLOCK] = (block, generator) => [
    `modelClassifyRobotCamera(${generator.quote_(modelId(block))})`,
    Order.FUNCTION_CALL,
  ];
  HATS.add('model_when_sees');
}

/**
 * The blocks of one camera model, as the flyout shows them (the hat and the reporters set to its first label);
 * an image model can also look at the sprite's costume and at the robot's camera.
 */
export function modelFlyoutBlocks(
  model: ModelRef,
  input: ProgramModelInput = 'image',
): Blockly.utils.toolbox.FlyoutItemInfoArray {
  const extraState = { model };
  return [
    { kind: 'label', text: model.name },
    { kind: 'block', type: 'model_when_sees', extraState },
    { kind: 'block', type: 'model_label', extraState },
    { kind: 'block', type: 'model_confidence', extraState },
    ...(input === 'image'
      ? [
          { kind: 'block', type: COSTUME_MODEL_BLOCK, extraState },
          { kind: 'block', type: ROBOT_CAMERA_MODEL_BLOCK, extraState },
        ]
      : []),
  ];
}

/** A text model's block in the flyout, its text slot holding a sentence to try. */
export function textModelFlyoutBlocks(model: ModelRef): Blockly.utils.toolbox.FlyoutItemInfoArray {
  return [
    { kind: 'label', text: model.name },
    {
      kind: 'block',
      type: TEXT_MODEL_BLOCK,
      extraState: { model },
      inputs: { TEXT: { shadow: { type: 'text', fields: { TEXT: msg('MAKE_MODEL_TEXT_EXAMPLE') } } } },
    },
  ];
}

let studioModels: StudioModel[] = [];
let openLab: (lab: string) => void = () => undefined;

/** The models the Models category lists, and how its buttons open a trainer (the page's navigation). */
export function setStudioModels(models: StudioModel[], open: (lab: string) => void): void {
  studioModels = models;
  openLab = open;
}

/** Fills the Models category when it opens: the student's models, or how to make one. */
export function registerModelCategory(workspace: Blockly.WorkspaceSvg): void {
  workspace.registerToolboxCategoryCallback(MODEL_CATEGORY, () =>
    studioModels.length
      ? studioModels.flatMap((model) =>
          model.input === 'sound'
            ? hearingFlyoutBlocks(model)
            : model.input === 'text'
              ? textModelFlyoutBlocks(model)
              : modelFlyoutBlocks(model, model.input),
        )
      : [
          { kind: 'label', text: msg('MAKE_MODEL_NONE') },
          ...TRAINERS.map(({ lab, text }) => ({
            kind: 'button',
            text: msg(text),
            callbackKey: `train:${lab}`,
          })),
        ],
  );
  for (const { lab } of TRAINERS) workspace.registerButtonCallback(`train:${lab}`, () => openLab(lab));
}

defineBlocks();
defineGenerators();
