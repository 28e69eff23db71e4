import { describe, expect, it } from 'vitest';
import { blockTypesOf, unknownBlockTypes } from './block-types.ts';

const workspace = {
  blocks: {
    languageVersion: 0,
    blocks: [
      {
        type: 'controls_repeat_ext',
        inputs: {
          TIMES: { shadow: { type: 'math_number' } },
          DO: { block: { type: 'robot_move', next: { block: { type: 'text_print' } } } },
        },
        next: { block: { type: 'sprite_say' } },
      },
    ],
  },
  variables: [{ name: 'x', id: 'x', type: 'Number' }],
};

describe('block types of a workspace', () => {
  it('finds every block, shadow and next block, not variable types', () => {
    expect([...blockTypesOf(workspace)].sort()).toEqual([
      'controls_repeat_ext',
      'math_number',
      'robot_move',
      'sprite_say',
      'text_print',
    ]);
    expect(blockTypesOf({})).toEqual(new Set());
  });

  it('lists the ones this studio does not know', () => {
    const known = new Set(['controls_repeat_ext', 'math_number', 'text_print']);
    expect(unknownBlockTypes(workspace, (type) => known.has(type))).toEqual(['robot_move', 'sprite_say']);
  });
});
