/** The text models' host function with the library faked (IndexedDB) and the text trainer's real classifier. */
import { describe, expect, it, vi } from 'vitest';
import { SoftmaxTrainer, textClassifierToJson } from '@ai-edu/ml/text/index.ts';
import type { ProgramModel } from '../../../lib/program-models.ts';
import type { ModelProblem } from './model-session.ts';

const library = new Map<string, ProgramModel>();
const reads: string[] = [];
vi.mock('../../../lib/program-models.ts', () => ({
  readProgramModel: (owner: string, id: string) => {
    reads.push(id);
    const found = library.get(id);
    return Promise.resolve(found?.owner === owner ? found : null);
  },
}));
const { textModelHostFunctions } = await import('./text-model-host.ts');

const sentences = [
  { text: 'this is great', label: 0 },
  { text: 'I love it', label: 0 },
  { text: 'great fun', label: 0 },
  { text: 'this is awful', label: 1 },
  { text: 'I hate it', label: 1 },
  { text: 'awful noise', label: 1 },
];
const trainer = new SoftmaxTrainer(sentences, 2, { seed: 1, epochs: 60 });
while (!trainer.done) trainer.step();
const classifier = trainer.model();
const record = (id: string, modelJson: string, input: ProgramModel['input'] = 'text'): ProgramModel => ({
  id,
  owner: 'u1',
  name: 'Praise / Complaint',
  input,
  extractor: 'text-ngrams-softmax',
  labels: ['Praise', 'Complaint'],
  lab: 'trainText',
  modelJson,
  weights: new ArrayBuffer(0),
  savedAt: '2026-01-01T00:00:00Z',
});
library.set('good', record('good', textClassifierToJson(classifier)));
library.set('damaged', record('damaged', '{"format":"ai-edu-text-classifier","version":1}'));
library.set('sound', record('sound', '', 'sound'));

function host() {
  const problems: ModelProblem[] = [];
  const refs = ['good', 'damaged', 'gone', 'sound'].map((id) => ({
    id,
    name: id,
    labels: [],
    lab: 'trainText',
  }));
  return { problems, fn: textModelHostFunctions({ owner: 'u1', refs, onProblem: (p) => problems.push(p) }) };
}

describe('modelClassifyText', () => {
  it('answers the class name the model gives the text, reading the model once per run', async () => {
    const { fn, problems } = host();
    reads.length = 0;
    for (const { text, label } of sentences)
      expect(await fn.modelClassifyText!('good', text)).toBe(['Praise', 'Complaint'][label]);
    expect(await fn.modelClassifyText!('good', '   ')).toBe('');
    expect(reads).toEqual(['good']);
    expect(problems).toEqual([]);
  });

  it('answers "" for a model that is missing, damaged or not a text model, telling each once', async () => {
    const { fn, problems } = host();
    for (const id of ['gone', 'gone', 'damaged', 'sound'])
      expect(await fn.modelClassifyText!(id, 'great')).toBe('');
    expect(problems).toEqual([
      { kind: 'missing', name: 'gone' },
      { kind: 'load', message: 'the text model has no classes' },
      { kind: 'missing', name: 'sound' },
    ]);
  });
});
