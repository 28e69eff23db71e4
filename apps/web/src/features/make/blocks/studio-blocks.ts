/**
 * Everything about blocks that a workspace needs only once it is made, loaded on demand before the first
 * workspace or project file (blockly-setup.ts `loadStageBlocks`): Blockly's standard block definitions under
 * their standard type names (logic, loops, math, text, lists, variables, functions; colour from
 * @blockly/field-colour, no longer in Blockly's core), so a workspace saved by any Blockly app opens here; the
 * JavaScript generator that turns them into code for the sandboxed interpreter (runtime/program-runner.ts);
 * the stage's blocks, the model blocks, the built-in AI blocks (the command-word blocks too) and the cloud AI
 * blocks; the workspace's tools (toolbox search, the high-contrast theme: blocks/workspace-tools.ts). Out of the studio's
 * first load (~35 KB gzip).
 */
import type * as Blockly from 'blockly/core';
import 'blockly/blocks';
import { javascriptGenerator } from 'blockly/javascript';
import { installAllBlocks as installColourBlocks } from '@blockly/field-colour';
import { EVENT_FUNCTION, HIGHLIGHT_FUNCTION } from '../runtime/highlight.ts';

installColourBlocks({ javascript: javascriptGenerator });

// Every statement block's code starts by telling the runner which block runs (highlight, speed, errors).
javascriptGenerator.STATEMENT_PREFIX = `${HIGHLIGHT_FUNCTION}(%1);\n`;
javascriptGenerator.addReservedWords(`${HIGHLIGHT_FUNCTION},${EVENT_FUNCTION}`);

export * from './stage-blocks.ts';
export * from '../models/model-blocks.ts';
export * from './cloud-blocks.ts';
export * from '../models/builtin-blocks.ts';
export * from '../models/hearing-blocks.ts';
export * from './workspace-tools.ts';
export * from '../robot/robot-blocks.ts';

/** The program a workspace stands for, as JavaScript for the interpreter. */
export function programCode(workspace: Blockly.Workspace): string {
  return javascriptGenerator.workspaceToCode(workspace);
}
