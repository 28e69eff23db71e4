import { describe, expect, it } from 'vitest';
import { generateSound, type SoundKind } from '@ai-edu/ml/audio/generate.ts';
import {
  exportFastModelJson,
  loadSoundModel,
  parseSoundProject,
  serializeSoundProject,
  SoundFileError,
  trainSoundModel,
  type SoundProject,
} from './index.ts';

const KINDS: [string, SoundKind][] = [
  ['background', 'background'],
  ['whistle', 'tone'],
  ['clap', 'noiseBurst'],
];

function project(perClass: number, firstSeed: number): SoundProject {
  return {
    classes: KINDS.map(([name, kind], c) => ({
      name,
      background: kind === 'background',
      samples: Array.from({ length: perClass }, (_, i) => ({
        samples: generateSound(kind, { seed: firstSeed + i * 5 + c }),
        sampleRate: 16_000,
      })),
    })),
  };
}

const file = (text: string, name = 'x.json') => new File([text], name);

describe('sound-classifier files', () => {
  it('saves and opens a project with its classes and samples', () => {
    const saved = project(2, 1);
    const opened = parseSoundProject(JSON.parse(serializeSoundProject(saved)));
    expect(opened.classes.map((c) => [c.name, c.background, c.samples.length])).toEqual([
      ['background', true, 2],
      ['whistle', false, 2],
      ['clap', false, 2],
    ]);
    // 16-bit WAV: within one step of the original.
    const before = saved.classes[1]!.samples[0]!.samples;
    const after = opened.classes[1]!.samples[0]!.samples;
    expect(after).toHaveLength(before.length);
    expect(Math.max(...before.map((v, i) => Math.abs(v - after[i]!)))).toBeLessThan(1e-4);
  });

  it('loads a project as a trained fast model that recognises new sounds', async () => {
    const model = await loadSoundModel(file(serializeSoundProject(project(8, 1))));
    expect(model.kind).toBe('fast');
    expect(model.labels).toEqual(['background', 'whistle', 'clap']);
    const whistle = model.predict(generateSound('tone', { seed: 999, sampleRate: 48_000 }), 48_000);
    expect(whistle.label).toBe('whistle');
    expect(whistle.probabilities).toHaveLength(3);
    expect(model.predict(generateSound('noiseBurst', { seed: 998 }), 16_000).label).toBe('clap');
  });

  it('exports a fast model as JSON and imports it with the same answers', async () => {
    const classes = project(8, 1).classes.map((c) => ({ ...c, clips: c.samples }));
    const model = await trainSoundModel(classes, { kind: 'fast', epochs: 100 });
    const again = await loadSoundModel(file(exportFastModelJson(model)));
    const clip = generateSound('tone', { seed: 5 });
    expect(again.predict(clip, 16_000)).toEqual(model.predict(clip, 16_000));
  });

  it('refuses files that are not sound-classifier files, saying why', async () => {
    await expect(loadSoundModel(file('not json'))).rejects.toMatchObject({ code: 'notJson' });
    await expect(loadSoundModel(file('{"kind":"ai-edu-trainer-project"}'))).rejects.toBeInstanceOf(
      SoundFileError,
    );
    await expect(
      loadSoundModel(file('{"kind":"ai-edu-sound-project","version":9,"classes":[]}')),
    ).rejects.toMatchObject({ code: 'newerVersion' });
    await expect(loadSoundModel(file('PK\u0003\u0004broken', 'm.zip'))).rejects.toMatchObject({
      code: 'notZip',
    });
  });
});
