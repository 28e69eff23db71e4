/**
 * The cloud AI blocks ("AI cloud" in the toolbox): `ai_ask` (a reporter: the AI's answer to a question),
 * `ai_paint_costume` (the sprite wears a picture the AI paints) and `ai_cloud_ready` (a boolean: whether the AI
 * can answer, so a program can fall back on its own answers). Their code calls the async host functions
 * `aiAsk`, `aiPaintCostume` and `aiCloudReady` (blocks/cloud-host.ts), which go through the AI labs' own endpoints, so the
 * gateway charges, refunds, checks the lab's permission and the lesson lock, and records the call for the
 * teacher's review exactly as for the labs. Each block's price is on the block (blocks/cloud-block-texts.ts)
 * and its help opens its lab. Loaded on demand with the stage blocks (blocks/blockly-setup.ts).
 */
import * as Blockly from 'blockly/core';
import type { utils } from 'blockly/core';
import { javascriptGenerator, Order } from 'blockly/javascript';
import { STAGE_COLOURS } from './stage-colours.ts';
import { CLOUD_BLOCK_LABS, CLOUD_FUNCTIONS, cloudHelpUrl, type CloudBlockType } from './cloud-block-texts.ts';

export { cloudBlockTexts } from './cloud-block-texts.ts';
// The runner takes the host from here (runtime/on-demand.ts): the blocks, their host and calls are one chunk.
export { cloudHosts } from '../hooks/cloud-calls.ts';

const msg = (key: string): string => Blockly.Msg[key] ?? key;

const DEFINITIONS: Record<CloudBlockType, () => Record<string, unknown>> = {
  ai_ask: () => ({
    message0: msg('MAKE_AI_ASK'),
    args0: [{ type: 'input_value', name: 'QUESTION', check: ['String', 'Number'] }],
    output: 'String',
    tooltip: msg('MAKE_AI_ASK_TOOLTIP'),
    helpUrl: cloudHelpUrl(CLOUD_BLOCK_LABS.ai_ask),
    colour: STAGE_COLOURS.cloud,
  }),
  ai_paint_costume: () => ({
    message0: msg('MAKE_AI_PAINT'),
    args0: [{ type: 'input_value', name: 'PROMPT', check: ['String', 'Number'] }],
    previousStatement: null,
    nextStatement: null,
    tooltip: msg('MAKE_AI_PAINT_TOOLTIP'),
    helpUrl: cloudHelpUrl(CLOUD_BLOCK_LABS.ai_paint_costume),
    colour: STAGE_COLOURS.cloud,
  }),
  ai_cloud_ready: () => ({
    message0: msg('MAKE_AI_CLOUD_READY'),
    output: 'Boolean',
    tooltip: msg('MAKE_AI_CLOUD_READY_TOOLTIP'),
    helpUrl: cloudHelpUrl(CLOUD_BLOCK_LABS.ai_cloud_ready),
    colour: STAGE_COLOURS.cloud,
  }),
};

const text = (value: string) => ({ shadow: { type: 'text', fields: { TEXT: value } } });

/** The toolbox's "AI cloud" category (blocks/toolbox.ts), with a text to start from in each block. */
export const CLOUD_TOOLBOX: utils.toolbox.ToolboxItemInfo[] = [
  { kind: 'block', type: 'ai_ask', inputs: { QUESTION: text('Hello!') } },
  { kind: 'block', type: 'ai_paint_costume', inputs: { PROMPT: text('a smiling robot') } },
  { kind: 'block', type: 'ai_cloud_ready' },
];

for (const [type, definition] of Object.entries(DEFINITIONS)) {
  Blockly.Blocks[type] = {
    init(this: Blockly.Block) {
      // Texts are read now, from the UI language's `Msg` (set before a workspace is made).
      this.jsonInit(definition());
    },
  };
}

javascriptGenerator.forBlock.ai_ask = (block, generator) => [
  `${CLOUD_FUNCTIONS.ask}(${generator.valueToCode(block, 'QUESTION', Order.NONE) || "''"})`,
  Order.FUNCTION_CALL,
];
javascriptGenerator.forBlock.ai_cloud_ready = () => [`${CLOUD_FUNCTIONS.ready}()`, Order.FUNCTION_CALL];
javascriptGenerator.forBlock.ai_paint_costume = (block, generator) =>
  `${CLOUD_FUNCTIONS.paint}(${generator.valueToCode(block, 'PROMPT', Order.NONE) || "''"});\n`;
