import { describe, expect, it } from 'vitest';
import { predict, SoftmaxTrainer } from './classifier.ts';
import { TOY_CLASSES, toyData } from './fixtures/toy-dataset.ts';
import { textClassifierFromJson, textClassifierToJson } from './model-json.ts';

describe('text classifier JSON', () => {
  const data = toyData();
  const trainer = new SoftmaxTrainer(data, TOY_CLASSES.length, { seed: 3, epochs: 10 });
  while (!trainer.done) trainer.step();
  const model = trainer.model();

  it('reads back a model that predicts exactly as the original', () => {
    const copy = textClassifierFromJson(textClassifierToJson(model));
    for (const { text } of data.slice(0, 20)) expect(predict(copy, text)).toEqual(predict(model, text));
    expect(copy.vocabulary.index.size).toBe(model.vocabulary.terms.length);
  });

  it('refuses what is not such a model, saying what is wrong', () => {
    const good = JSON.parse(textClassifierToJson(model)) as Record<string, unknown>;
    const bad = (change: Record<string, unknown>) => JSON.stringify({ ...good, ...change });
    expect(() => textClassifierFromJson('{')).toThrow('not JSON');
    expect(() => textClassifierFromJson(bad({ format: 'other' }))).toThrow('not a text model');
    expect(() => textClassifierFromJson(bad({ numClasses: 0 }))).toThrow('no classes');
    expect(() => textClassifierFromJson(bad({ kinds: ['word'] }))).toThrow('vocabulary');
    expect(() => textClassifierFromJson(bad({ weights: [1, 2] }))).toThrow('weights');
    expect(() => textClassifierFromJson(bad({ bias: [Number.NaN] }))).toThrow('weights');
  });
});
