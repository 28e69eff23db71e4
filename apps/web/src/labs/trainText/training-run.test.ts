import { describe, expect, it } from 'vitest';
import { predict, vocabularyFrom } from '@ai-edu/ml/text/index.ts';
import { runTraining, type TrainMessage, type TrainRequest } from './training-run.ts';

const data = [
  { text: '今天下雨了', label: 0 },
  { text: '明天是晴天', label: 0 },
  { text: 'It is raining', label: 0 },
  { text: '我们踢足球', label: 1 },
  { text: '篮球比赛很精彩', label: 1 },
  { text: 'We won the match', label: 1 },
];

const request = (patch: Partial<TrainRequest> = {}): TrainRequest => ({
  data,
  numClasses: 2,
  settings: { seed: 1, epochs: 5 },
  animationMs: 0,
  ...patch,
});

async function messages(r: TrainRequest, cancelled?: () => boolean): Promise<TrainMessage[]> {
  const seen: TrainMessage[] = [];
  await runTraining(r, (m) => seen.push(m), cancelled);
  return seen;
}

describe('a training run', () => {
  it('reports the untrained model, every epoch, the model, then the held-out check', async () => {
    const seen = await messages(request());
    expect(seen.map((m) => (m.type === 'epoch' ? m.report.epoch : m.type))).toEqual([
      0,
      1,
      2,
      3,
      4,
      5,
      'model',
      'evaluation',
    ]);
    const model = seen.find((m) => m.type === 'model');
    if (model?.type !== 'model') throw new Error('no model');
    // What arrives through postMessage rebuilds into a working classifier.
    const classifier = {
      ...model.model,
      vocabulary: vocabularyFrom(model.model.terms, model.model.kinds),
    };
    expect(predict(classifier, '下雨').label).toBe(0);
    expect(predict(classifier, 'football match').label).toBe(1);
    const evaluation = seen.at(-1);
    expect(evaluation?.type === 'evaluation' && evaluation.evaluation?.folds).toBe(3);
  });

  it('skips the held-out check when a class has fewer than three examples', async () => {
    const seen = await messages(request({ data: data.slice(1) }));
    expect(seen.at(-1)).toEqual({ type: 'evaluation', evaluation: null });
  });

  it('stops as soon as it is cancelled', async () => {
    const seen: TrainMessage[] = [];
    await runTraining(
      request(),
      (m) => seen.push(m),
      () => seen.length >= 3,
    );
    expect(seen.map((m) => m.type)).toEqual(['epoch', 'epoch', 'epoch']);
  });

  it('reports a failure instead of throwing', async () => {
    expect(await messages(request({ numClasses: 1 }))).toEqual([
      { type: 'failed', message: 'need at least two classes' },
    ]);
  });
});
