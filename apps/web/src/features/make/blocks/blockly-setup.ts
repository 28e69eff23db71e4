/**
 * Blockly for the studio: its core, which the page needs to show a workspace, and the loader of everything
 * else about blocks (studio-blocks.ts: the standard blocks, the generator, the stage's and the model blocks),
 * fetched before the first workspace is made. Only the studio's chunk imports this module.
 */
import * as Blockly from 'blockly/core';
import type { Language } from '@ai-edu/contract';
import { onDemand } from '../../../lib/on-demand.ts';

export { Blockly };

/** Blockly's own block texts for each UI language (its `zh-hans` catalogue is simplified Chinese). */
const BLOCK_TEXTS: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: () => import('blockly/msg/en'),
  'zh-CN': () => import('blockly/msg/zh-hans'),
};

/** The blocks themselves (studio-blocks.ts): they load with the first workspace or project file. */
export const loadStageBlocks = onDemand(() => import('./studio-blocks.ts'));

/** Switches Blockly's block texts and the studio blocks' own; workspaces made after this use them. */
export async function loadBlockTexts(language: Language): Promise<void> {
  const [messages, blocks] = await Promise.all([BLOCK_TEXTS[language](), loadStageBlocks()]);
  Blockly.setLocale(
    Object.fromEntries(
      Object.entries(messages).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  );
  Blockly.setLocale(blocks.STAGE_BLOCK_TEXTS[language]);
  Blockly.setLocale(blocks.MODEL_BLOCK_TEXTS[language]);
  Blockly.setLocale(blocks.cloudBlockTexts(language));
  Blockly.setLocale(blocks.BUILTIN_BLOCK_TEXTS[language]);
  Blockly.setLocale(blocks.WORKSPACE_TOOL_TEXTS[language]);
  Blockly.setLocale(blocks.ROBOT_BLOCK_TEXTS[language]);
}
