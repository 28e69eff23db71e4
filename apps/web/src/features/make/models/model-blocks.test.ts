/** The model blocks in a headless workspace: their model from the extra state, their text, their code. */
import * as Blockly from 'blockly/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODEL_BLOCK_TEXTS, programCode, STAGE_BLOCK_TEXTS } from '../blocks/studio-blocks.ts';
import { modelFlyoutBlocks } from './model-blocks.ts';

const model = { id: 'm1', name: 'Rock / Paper', labels: ['Rock', 'Paper'], lab: 'trainImage' };

beforeAll(() => {
  Blockly.setLocale(STAGE_BLOCK_TEXTS.en);
  Blockly.setLocale(MODEL_BLOCK_TEXTS.en);
});

function withBlocks<T>(blocks: Record<string, unknown>[], read: (workspace: Blockly.Workspace) => T): T {
  const workspace = new Blockly.Workspace();
  try {
    Blockly.serialization.workspaces.load({ blocks: { languageVersion: 0, blocks } }, workspace);
    return read(workspace);
  } finally {
    workspace.dispose();
  }
}

describe('model blocks', () => {
  it('show their model by name with its label in the text’s slots, and link its lab', () => {
    withBlocks(
      [{ type: 'model_confidence', id: 'c', extraState: { model }, fields: { LABEL: 'Paper' } }],
      (workspace) => {
        const block = workspace.getBlockById('c')!;
        expect(block.toString()).toBe('Rock / Paper is sure it is Paper (%)');
        expect(block.helpUrl).toBe('/ailab/trainImage');
      },
    );
  });

  it('keep the saved label of a model this browser lacks, and save it again', () => {
    const saved = withBlocks(
      [{ type: 'model_when_sees', id: 'h', extraState: { model }, fields: { LABEL: 'Paper' } }],
      (workspace) => Blockly.serialization.workspaces.save(workspace),
    );
    expect(JSON.stringify(saved)).toContain('"LABEL":"Paper"');
    expect(JSON.stringify(saved)).toContain('"id":"m1"');
  });

  it('generate the hat as an event handler and the reporters as host calls', () => {
    const code = withBlocks(
      [
        { type: 'model_when_sees', extraState: { model }, fields: { LABEL: 'Rock' } },
        {
          type: 'sprite_say',
          inputs: { TEXT: { block: { type: 'model_label', extraState: { model } } } },
        },
      ],
      programCode,
    );
    expect(code).toContain("onEvent('model:m1:Rock', function () {");
    expect(code).toContain("spriteSay(modelLabel('m1'));");
  });

  it('classify a text with a text model: its name, the text’s input, a host call with both', () => {
    const textModel = {
      id: 't1',
      name: 'Praise / Complaint',
      labels: ['Praise', 'Complaint'],
      lab: 'trainText',
    };
    const classify = {
      type: 'model_classify_text',
      id: 'k',
      extraState: { model: textModel },
      inputs: { TEXT: { shadow: { type: 'text', fields: { TEXT: 'great' } } } },
    };
    withBlocks([classify], (workspace) => {
      const block = workspace.getBlockById('k')!;
      expect(block.toString()).toMatch(/^Praise \/ Complaint label of text .*great/);
      expect(block.getInput('TEXT')?.connection?.targetBlock()?.getFieldValue('TEXT')).toBe('great');
      expect(block.helpUrl).toBe('/ailab/trainText');
    });
    const code = withBlocks([{ type: 'sprite_say', inputs: { TEXT: { block: classify } } }], programCode);
    expect(code).toContain("spriteSay(modelClassifyText('t1', 'great'));");
  });

  it('classify the costume with an image model: its name, a host call with the model (no camera model)', () => {
    const classify = { type: 'model_classify_costume', id: 'k', extraState: { model } };
    withBlocks([classify], (workspace) => {
      const block = workspace.getBlockById('k')!;
      expect(block.toString()).toBe('Rock / Paper label of the costume');
      expect(block.helpUrl).toBe('/ailab/trainImage');
    });
    const code = withBlocks([{ type: 'sprite_say', inputs: { TEXT: { block: classify } } }], programCode);
    expect(code).toContain("spriteSay(modelClassifyCostume('m1'));");
    const camera = { type: 'model_classify_robot_camera', extraState: { model } };
    const drive = withBlocks([{ type: 'sprite_say', inputs: { TEXT: { block: camera } } }], programCode);
    expect(drive).toContain("spriteSay(modelClassifyRobotCamera('m1'));");
  });

  it('offer the costume block for image models only', () => {
    const types = (input: 'image' | 'pose') =>
      modelFlyoutBlocks(model, input).flatMap((item) => ('type' in item ? [item.type] : []));
    expect(types('image')).toContain('model_classify_costume');
    expect(types('image')).toContain('model_classify_robot_camera');
    expect(types('pose')).not.toContain('model_classify_costume');
    expect(types('pose')).not.toContain('model_classify_robot_camera');
    expect(types('pose')).toContain('model_label');
  });
});
