import { describe, expect, it, vi } from 'vitest';
import { humanModelBytes, humanModelNames } from './human-files.ts';

// The build's measured sizes, as model-assets would answer them.
vi.mock('../model-assets.ts', () => ({
  modelBytes: (path: string) =>
    ({
      '/vision/models/blazeface.json': 100,
      '/vision/models/blazeface.bin': 900,
      '/vision/models/iris.json': 5,
    })[path],
}));

describe('human model files', () => {
  it('lists the models of the sections that are on', () => {
    const config = {
      modelBasePath: '/vision/models/',
      face: {
        enabled: true,
        detector: { modelPath: 'blazeface.json', rotation: false },
        mesh: { enabled: true, modelPath: 'facemesh.json' },
        antispoof: { enabled: false, modelPath: 'antispoof.json' },
      },
      body: { enabled: false, modelPath: 'movenet-lightning.json' },
      hand: {
        enabled: true,
        detector: { modelPath: 'handtrack.json' },
        skeleton: { modelPath: 'models/handlandmark-lite.json' },
      },
    };
    expect(humanModelNames(config).sort()).toEqual([
      'blazeface',
      'facemesh',
      'handlandmark-lite',
      'handtrack',
    ]);
  });

  it('a section switched off hides everything under it', () => {
    const config = { face: { enabled: false, detector: { modelPath: 'blazeface.json' } } };
    expect(humanModelNames(config)).toEqual([]);
  });

  it('totals the measured sizes of both files of each model, and has none when one is unmeasured', () => {
    expect(humanModelBytes(['blazeface'])).toBe(1000);
    expect(humanModelBytes(['blazeface', 'iris'])).toBeUndefined();
  });
});
