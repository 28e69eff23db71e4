/**
 * The command-word blocks (docs/make-studio.md "Hearing and reading"): "when I hear ⟨word⟩" (a hat:
 * `onEvent('hear:<word>', …)`), "word heard" (`heardWord()`) and "how sure of the word heard (%)"
 * (`heardConfidence()`). The word is typed, not picked from one model,
 * so a project or starter keeps its words on any computer; a run listens with the student's sound model that
 * knows them (models/hearing.ts). Loaded on demand with the other blocks (blocks/studio-blocks.ts).
 */
import * as Blockly from 'blockly/core';
import { javascriptGenerator, Order } from 'blockly/javascript';
import { eventScript, HATS } from '../blocks/stage-blocks.ts';
import { AI_COLOUR } from '../blocks/toolbox.ts';
import { hearEventName } from '../runtime/events.ts';
import type { BuiltinBlockTextKey } from './builtin-block-texts.ts';
import { HEAR_WORD_BLOCK, HEARD_CONFIDENCE_BLOCK, HEARD_WORD_BLOCK } from './hearing.ts';

export const HEARING_BLOCK_TYPES = [HEAR_WORD_BLOCK, HEARD_WORD_BLOCK, HEARD_CONFIDENCE_BLOCK] as const;
/** The lab that teaches a model the words, and explains how it hears them. */
export const HEARING_HELP = '/ailab/trainAudio';

const msg = (key: BuiltinBlockTextKey): string => Blockly.Msg[key] ?? key;

function defineBlocks(): void {
  Blockly.Blocks[HEAR_WORD_BLOCK] = {
    init(this: Blockly.Block) {
      const input = this.appendDummyInput();
      for (const piece of msg('MAKE_AI_WHEN_HEAR').split(/(%1)/)) {
        if (piece === '%1')
          input.appendField(new Blockly.FieldTextInput(msg('MAKE_AI_HEAR_DEFAULT_WORD')), 'WORD');
        else if (piece.trim()) input.appendField(piece.trim());
      }
      this.setNextStatement(true);
      this.setColour(AI_COLOUR);
      this.setTooltip(msg('MAKE_AI_WHEN_HEAR_TIP'));
      this.setHelpUrl(HEARING_HELP);
    },
  };
  Blockly.Blocks[HEARD_WORD_BLOCK] = {
    init(this: Blockly.Block) {
      this.appendDummyInput().appendField(msg('MAKE_AI_HEARD_WORD'));
      this.setOutput(true, 'String');
      this.setColour(AI_COLOUR);
      this.setTooltip(msg('MAKE_AI_HEARD_WORD_TIP'));
      this.setHelpUrl(HEARING_HELP);
    },
  };
  Blockly.Blocks[HEARD_CONFIDENCE_BLOCK] = {
    init(this: Blockly.Block) {
      this.appendDummyInput().appendField(msg('MAKE_AI_HEARD_CONFIDENCE'));
      this.setOutput(true, 'Number');
      this.setColour(AI_COLOUR);
      this.setTooltip(msg('MAKE_AI_HEARD_CONFIDENCE_TIP'));
      this.setHelpUrl(HEARING_HELP);
    },
  };
}

function defineGenerators(): void {
  const forBlock = javascriptGenerator.forBlock;
  forBlock[HEAR_WORD_BLOCK] = (block, generator) =>
    eventScript(hearEventName(block.getFieldValue('WORD') as string), block, generator);
  forBlock[HEARD_WORD_BLOCK] = () => ['heardWord()', Order.FUNCTION_CALL];
  forBlock[HEARD_CONFIDENCE_BLOCK] = () => ['heardConfidence()', Order.FUNCTION_CALL];
  HATS.add(HEAR_WORD_BLOCK);
}

/** A sound model's blocks in the My models flyout: a hat per taught word, the word heard, how sure. */
export function hearingFlyoutBlocks(model: {
  name: string;
  labels: readonly string[];
}): Blockly.utils.toolbox.FlyoutItemInfoArray {
  return [
    { kind: 'label', text: model.name },
    ...model.labels.map((word) => ({ kind: 'block', type: HEAR_WORD_BLOCK, fields: { WORD: word } })),
    { kind: 'block', type: HEARD_WORD_BLOCK },
    { kind: 'block', type: HEARD_CONFIDENCE_BLOCK },
  ];
}

defineBlocks();
defineGenerators();
