/** The project's pictures as costumes: the block's dropdown (headless Blockly) and the run's costume host. */
import { beforeAll, describe, expect, it } from 'vitest';
import { Blockly, loadBlockTexts } from '../blocks/blockly-setup.ts';
import { programCode } from '../blocks/studio-blocks.ts';
import { setProjectCostumes } from '../runtime/project-costumes.ts';
import { SpriteWorld } from '../runtime/sprite-world.ts';
import type { CostumePicture } from '../components/sprite-canvas.ts';
import { pictureCostumeHost } from './project-pictures.ts';

beforeAll(() => loadBlockTexts('en'));

const costumeProgram = (value: string) => ({
  blocks: {
    languageVersion: 0,
    blocks: [{ type: 'sprite_set_costume', id: 'c', fields: { COSTUME: value } }],
  },
});

function loaded(workspaceJson: object) {
  const workspace = new Blockly.Workspace();
  Blockly.serialization.workspaces.load(workspaceJson, workspace);
  return workspace;
}

describe('picture costumes', () => {
  it('offers the project’s pictures in the costume dropdown and generates their `asset:<id>`', () => {
    const program = costumeProgram('asset:7');
    setProjectCostumes({ pictures: [{ id: 7, name: 'My cat' }], filePath: () => '', uid: null }, program);
    const workspace = loaded(program);
    try {
      const field = workspace.getBlockById('c')!.getField('COSTUME') as Blockly.FieldDropdown;
      expect(field.getOptions(false).map(([, value]) => value)).toEqual([
        'robot',
        'cat',
        'ball',
        'star',
        'asset:7',
      ]);
      expect(field.getText()).toBe('My cat');
      expect(programCode(workspace)).toContain("spriteCostume('asset:7');");
    } finally {
      workspace.dispose();
    }
  });

  it('keeps a picture the project no longer has, shown as missing, instead of changing the program', () => {
    const program = costumeProgram('asset:99');
    setProjectCostumes({ pictures: [], filePath: () => '', uid: null }, program);
    const workspace = loaded(program);
    try {
      const field = workspace.getBlockById('c')!.getField('COSTUME') as Blockly.FieldDropdown;
      expect(field.getValue()).toBe('asset:99');
      expect(field.getText()).toBe('missing picture');
    } finally {
      workspace.dispose();
    }
  });

  it('wears a loaded picture, and shows the robot with a line on the stage for a missing one', () => {
    const world = new SpriteWorld();
    const printed: string[] = [];
    const pictures = new Map<string, CostumePicture>([
      ['asset:7', { width: 1, height: 1 } as CostumePicture],
    ]);
    const costume = pictureCostumeHost(world, pictures, (line) => printed.push(line), 'missing!');
    costume('asset:7');
    expect(world.sprite.costume).toBe('asset:7');
    costume('asset:8');
    expect(world.sprite.costume).toBe('robot');
    expect(printed).toEqual(['missing!']);
    costume('cat');
    expect(world.sprite.costume).toBe('cat');
  });
});
