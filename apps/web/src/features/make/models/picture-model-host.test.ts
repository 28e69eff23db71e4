/**
 * The picture blocks' host functions (costume, robot camera) with the library, the model files and the
 * extractor faked: what they show the model (the picture drawn now), one extractor and one read per model per
 * run, problems told once, and everything freed when the run ends.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ProgramModel } from '../../../lib/program-models.ts';
import type { ModelProblem } from './model-session.ts';
import type { ExtractorKit, FeatureExtractor } from './model-kit.ts';

const library = new Map<string, ProgramModel>();
const reads: string[] = [];
vi.mock('../../../lib/program-models.ts', () => ({
  readProgramModel: (owner: string, id: string) => {
    reads.push(id);
    const found = library.get(id);
    return Promise.resolve(found?.owner === owner ? found : null);
  },
}));
const disposedHeads: string[] = [];
vi.mock('@ai-edu/ml/trainer/index.ts', () => ({
  // The fake head's "weights" are its model.json: which feature says which label.
  loadModelFiles: (_tf: unknown, files: { modelJson: string }) => {
    if (files.modelJson === 'broken') return Promise.reject(new Error('model.json is not JSON'));
    return Promise.resolve({ name: files.modelJson, dispose: () => disposedHeads.push(files.modelJson) });
  },
  // Probabilities straight from the features: the label of the largest feature wins.
  predictProbabilities: (_tf: unknown, _head: unknown, vectors: Float32Array[]) =>
    vectors.map((v) => Float32Array.from(v)),
}));
const { pictureModelHostFunctions } = await import('./picture-model-host.ts');

const EXTRACTOR = 'mobilenet-v3-small-224';
const record = (id: string, extra: Partial<ProgramModel> = {}): ProgramModel => ({
  id,
  owner: 'u1',
  name: 'Cat / Robot',
  input: 'image',
  extractor: EXTRACTOR,
  labels: ['Cat', 'Robot'],
  lab: 'trainImage',
  modelJson: id,
  weights: new ArrayBuffer(0),
  savedAt: '2026-01-01T00:00:00Z',
  ...extra,
});
const ref = (id: string) => ({ id, name: `model ${id}`, labels: ['Cat', 'Robot'], lab: 'trainImage' });

/** A costume "picture": the fake extractor reads its features from the canvas's width (the costume drawn). */
const picture = (features: number[]) =>
  ({ width: features.length, features }) as unknown as HTMLCanvasElement;

function fakeKit() {
  const made: { loads: number; disposed: boolean; seen: unknown[] }[] = [];
  const kit = {
    image: () => {
      const state = { loads: 0, disposed: false, seen: [] as unknown[] };
      made.push(state);
      const extractor: FeatureExtractor = {
        extractor: EXTRACTOR,
        load: () => {
          state.loads += 1;
          return Promise.resolve({} as never);
        },
        extract: (source) => {
          state.seen.push(source);
          const { features } = source as unknown as { features: number[] };
          return Promise.resolve({ features: Float32Array.from(features) });
        },
        dispose: () => {
          state.disposed = true;
        },
      };
      return Promise.resolve(extractor);
    },
  } as unknown as ExtractorKit;
  return { kit, made };
}

function host(
  refs: ReturnType<typeof ref>[],
  costume: () => HTMLCanvasElement | null,
  kit: ExtractorKit | null,
) {
  const problems: ModelProblem[] = [];
  const ended = new AbortController();
  const { modelClassifyCostume } = pictureModelHostFunctions({
    owner: 'u1',
    refs,
    kit,
    pictures: { modelClassifyCostume: costume },
    signal: ended.signal,
    onProblem: (problem) => problems.push(problem),
  });
  return { classify: (id: string) => modelClassifyCostume!(id), problems, ended };
}

describe('picture model host', () => {
  it('answers the label for the costume drawn at each call, with one extractor and one read a model', async () => {
    library.set('m1', record('m1'));
    reads.length = 0;
    const { kit, made } = fakeKit();
    let worn = picture([0.9, 0.1]);
    const { classify, problems, ended } = host([ref('m1')], () => worn, kit);
    await expect(classify('m1')).resolves.toBe('Cat');
    worn = picture([0.2, 0.8]);
    await expect(classify('m1')).resolves.toBe('Robot');
    expect(problems).toEqual([]);
    expect(reads).toEqual(['m1']);
    expect(made).toHaveLength(1);
    expect(made[0]!.loads).toBe(1);
    expect(made[0]!.seen).toHaveLength(2);

    ended.abort();
    expect(made[0]!.disposed).toBe(true);
    expect(disposedHeads).toContain('m1');
  });

  it('tells once of a missing model, a pose model and a damaged one, and answers ""', async () => {
    library.set('pose', record('pose', { input: 'pose', extractor: 'pose-keypoints' }));
    library.set('bad', record('bad', { modelJson: 'broken' }));
    library.set('other', record('other', { extractor: 'another-backbone' }));
    const { kit } = fakeKit();
    const { classify, problems } = host(
      [ref('gone'), ref('pose'), ref('bad'), ref('other')],
      () => picture([1, 0]),
      kit,
    );
    for (const id of ['gone', 'pose', 'bad', 'other', 'gone', 'pose'])
      await expect(classify(id)).resolves.toBe('');
    expect(problems).toEqual([
      { kind: 'missing', name: 'model gone' },
      { kind: 'outdated', name: 'model pose' },
      { kind: 'load', message: 'model.json is not JSON' },
      { kind: 'outdated', name: 'model other' },
    ]);
  });

  it('answers "" when the costume cannot be drawn, and says once that models cannot run without a kit', async () => {
    library.set('m1', record('m1'));
    const { kit } = fakeKit();
    await expect(host([ref('m1')], () => null, kit).classify('m1')).resolves.toBe('');
    const bare = host([ref('m1')], () => picture([1, 0]), null);
    await expect(bare.classify('m1')).resolves.toBe('');
    await expect(bare.classify('m1')).resolves.toBe('');
    expect(bare.problems).toEqual([{ kind: 'unavailable' }]);
  });

  it('shares one extractor between the costume and the robot camera, each seeing its own picture', async () => {
    library.set('m1', record('m1'));
    const { kit, made } = fakeKit();
    const hosts = pictureModelHostFunctions({
      owner: 'u1',
      refs: [ref('m1')],
      kit,
      pictures: {
        modelClassifyCostume: () => picture([0.9, 0.1]),
        modelClassifyRobotCamera: () => picture([0.1, 0.9]),
      },
      signal: new AbortController().signal,
      onProblem: () => undefined,
    });
    await expect(hosts.modelClassifyCostume!('m1')).resolves.toBe('Cat');
    await expect(hosts.modelClassifyRobotCamera!('m1')).resolves.toBe('Robot');
    expect(made).toHaveLength(1);
  });
});
