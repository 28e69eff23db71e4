import { describe, expect, it } from 'vitest';
import {
  costumeIdsIn,
  isAssetCostume,
  pictureCostumeOptions,
  projectCostumes,
  setProjectCostumes,
} from './project-costumes.ts';

const costumeBlock = (value: string) => ({
  blocks: {
    languageVersion: 0,
    blocks: [{ type: 'sprite_set_costume', id: 'c', fields: { COSTUME: value } }],
  },
});

describe('project costumes', () => {
  it('finds the pictures a workspace names, each once', () => {
    const workspace = {
      blocks: {
        languageVersion: 0,
        blocks: [costumeBlock('asset:3').blocks.blocks[0], costumeBlock('asset:3').blocks.blocks[0]],
      },
    };
    expect(costumeIdsIn(workspace)).toEqual([3]);
    expect(costumeIdsIn(costumeBlock('cat'))).toEqual([]);
    expect(costumeIdsIn(costumeBlock('asset:x'))).toEqual([]);
    expect(isAssetCostume('asset:3')).toBe(true);
    expect(isAssetCostume('image:3')).toBe(false);
  });

  it('offers the project’s pictures by name, and a missing one the workspace still names', () => {
    setProjectCostumes(
      { pictures: [{ id: 1, name: 'My cat' }], filePath: (id) => `/p/${id}`, uid: 'u' },
      costumeBlock('asset:9'),
    );
    expect(projectCostumes().missing).toEqual([9]);
    expect(pictureCostumeOptions('missing picture')).toEqual([
      ['My cat', 'asset:1'],
      ['missing picture', 'asset:9'],
    ]);
    setProjectCostumes(
      { pictures: [{ id: 9, name: 'Back' }], filePath: () => '', uid: null },
      costumeBlock('asset:9'),
    );
    expect(pictureCostumeOptions('missing picture')).toEqual([['Back', 'asset:9']]);
  });
});
