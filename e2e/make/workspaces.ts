/** Workspaces the studio's e2e files open, as Blockly saves them, and how a file opens one in the studio. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { eventually, visible } from '../support/ui.ts';

export const num = (id: string, value: number) => ({
  shadow: { type: 'math_number', id, fields: { NUM: value } },
});
export const txt = (id: string, value: string) => ({ shadow: { type: 'text', id, fields: { TEXT: value } } });
export const workspaceOf = (...blocks: Record<string, unknown>[]) => ({
  blocks: { languageVersion: 0, blocks },
});
/** `repeat while true` around `body`: a loop that never ends by itself (`at`: its place, when on top). */
export const forever = (body: Record<string, unknown>, at: Record<string, unknown> = {}) => ({
  type: 'controls_whileUntil',
  id: 'forever',
  ...at,
  fields: { MODE: 'WHILE' },
  inputs: {
    BOOL: { block: { type: 'logic_boolean', id: 'true', fields: { BOOL: 'TRUE' } } },
    DO: { block: body },
  },
});

/**
 * Opens `workspace` as the project file `<name>.json` through the studio's "Open a file" input (the studio is
 * shown, signed in) and waits until the new project and its blocks are.
 */
export async function openProgram(page: Page, name: string, workspace: object): Promise<void> {
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({
      name: `${name}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(workspace)),
    });
  await eventually(
    () => page.getByLabel('Project name').inputValue(),
    (value) => expect(value).toBe(name),
  );
  await visible(page.locator('.blocklyBlockCanvas .blocklyDraggable').first());
}

/** print(6 × 7), as `Blockly.serialization.workspaces.save` writes it. */
export const SIX_TIMES_SEVEN = {
  blocks: {
    languageVersion: 0,
    blocks: [
      {
        type: 'text_print',
        id: 'print-block',
        x: 40,
        y: 40,
        inputs: {
          TEXT: {
            block: {
              type: 'math_arithmetic',
              id: 'times-block',
              fields: { OP: 'MULTIPLY' },
              inputs: {
                A: { shadow: { type: 'math_number', id: 'six', fields: { NUM: 6 } } },
                B: { shadow: { type: 'math_number', id: 'seven', fields: { NUM: 7 } } },
              },
            },
          },
        },
      },
    ],
  },
};
