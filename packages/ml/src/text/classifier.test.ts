import { describe, expect, it } from 'vitest';
import {
  effectiveBatchSize,
  explain,
  predict,
  softmax,
  SoftmaxTrainer,
  topWeights,
  trainTextClassifier,
  type TextClassifier,
} from './classifier.ts';
import { trainTestSplit } from './evaluate.ts';
import { TOY_CLASSES, toyData } from './fixtures/toy-dataset.ts';

const K = TOY_CLASSES.length;

function accuracy(model: TextClassifier, data: readonly { text: string; label: number }[]): number {
  return data.filter((d) => predict(model, d.text).label === d.label).length / data.length;
}

describe('softmax', () => {
  it('gives probabilities that sum to 1, ordered like the scores, without overflow', () => {
    const p = softmax([1000, 999, -1000]);
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    expect(p[0]! / p[1]!).toBeCloseTo(Math.E, 9);
    expect(p[2]).toBe(0);
    expect(softmax([0, 0])).toEqual([0.5, 0.5]);
  });
});

describe('softmax text classifier on the bilingual toy set', () => {
  it('classifies ≥ 90 % of held-out sentences right', () => {
    const { train, test } = trainTestSplit(toyData(), K, 0.3, 1);
    expect(test.length).toBeGreaterThanOrEqual(32);
    const { model, history } = trainTextClassifier(train, K, { seed: 1 });
    expect(accuracy(model, test)).toBeGreaterThanOrEqual(0.9);
    expect(history.at(-1)?.accuracy).toBe(1);

    // Not one lucky split: ten different seeded splits average ≥ 90 % too.
    const scores = Array.from({ length: 10 }, (_, i) => {
      const split = trainTestSplit(toyData(), K, 0.3, 100 + i);
      return accuracy(trainTextClassifier(split.train, K, { seed: i }).model, split.test);
    });
    expect(scores.reduce((s, a) => s + a, 0) / scores.length).toBeGreaterThanOrEqual(0.9);
  });

  it('handles each language on its own', () => {
    const { train, test } = trainTestSplit(toyData(), K, 0.3, 1);
    const { model } = trainTextClassifier(train, K, { seed: 1 });
    const chinese = test.filter((d) => /\p{Script=Han}/u.test(d.text));
    const english = test.filter((d) => !/\p{Script=Han}/u.test(d.text));
    expect(chinese.length).toBeGreaterThan(10);
    expect(english.length).toBeGreaterThan(10);
    expect(accuracy(model, chinese)).toBeGreaterThanOrEqual(0.85);
    expect(accuracy(model, english)).toBeGreaterThanOrEqual(0.85);
    expect(TOY_CLASSES[predict(model, '明天会下雨吗？').label]).toBe('weather');
    expect(TOY_CLASSES[predict(model, 'The zoo has a new baby panda').label]).toBe('animals');
  });

  it('lowers the loss while it learns', () => {
    const { history } = trainTextClassifier(toyData(), K, { seed: 3, epochs: 20 });
    expect(history).toHaveLength(20);
    expect(history.map((h) => h.epoch)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // The untrained model (all scores 0) has cross-entropy ln 4 ≈ 1.39.
    expect(history[0]!.loss).toBeLessThan(Math.log(K));
    expect(history.at(-1)!.loss).toBeLessThan(history[0]!.loss);
    expect(history.at(-1)!.dataLoss).toBeLessThan(Math.log(K) / 10);
  });

  it('is deterministic per seed', () => {
    const data = toyData();
    const a = trainTextClassifier(data, K, { seed: 7, epochs: 5 });
    const b = trainTextClassifier(data, K, { seed: 7, epochs: 5 });
    const c = trainTextClassifier(data, K, { seed: 8, epochs: 5 });
    expect(Array.from(b.model.weights)).toEqual(Array.from(a.model.weights));
    expect(Array.from(b.model.bias)).toEqual(Array.from(a.model.bias));
    expect(b.history).toEqual(a.history);
    expect(Array.from(c.model.weights)).not.toEqual(Array.from(a.model.weights));
  });

  it('trains step by step exactly as in one go', () => {
    const data = toyData();
    const trainer = new SoftmaxTrainer(data, K, { seed: 5, epochs: 4 });
    const untrained = trainer.report();
    expect(untrained.epoch).toBe(0);
    expect(untrained.loss).toBeCloseTo(Math.log(K), 12);
    const reports = [trainer.step(), trainer.step()];
    expect(trainer.done).toBe(false);
    reports.push(...trainer.run());
    expect(trainer.done).toBe(true);
    const whole = trainTextClassifier(data, K, { seed: 5, epochs: 4 });
    expect(reports).toEqual(whole.history);
    expect(Array.from(trainer.model().weights)).toEqual(Array.from(whole.model.weights));
  });

  it("keeps each n-gram's weights summing to 0 over the classes, and ignores n-grams found everywhere", () => {
    const data = [
      { text: 'I like rain', label: 0 },
      { text: 'I like snow', label: 0 },
      { text: 'I like football', label: 1 },
      { text: 'I like tennis', label: 1 },
    ];
    const { model } = trainTextClassifier(data, 2, { seed: 1, bigrams: false, epochs: 40 });
    const size = model.vocabulary.terms.length;
    for (let j = 0; j < size; j++) {
      expect(Math.abs(model.weights[j]! + model.weights[size + j]!)).toBeLessThan(1e-9);
    }
    // "i" and "like" are in every sentence: rarity ln(5/5) = 0, so they cannot vote.
    expect(model.weights[model.vocabulary.index.get('like')!]).toBe(0);
    expect(
      topWeights(model, 0, 2)
        .map((w) => w.feature)
        .sort(),
    ).toEqual(['rain', 'snow']);
    expect(predict(model, 'rain').label).toBe(0);
    expect(predict(model, 'tennis').label).toBe(1);
  });

  it('keeps an epoch between 4 and 32 steps whatever the project size', () => {
    expect(effectiveBatchSize(8, 6)).toBe(2);
    expect(effectiveBatchSize(8, 84)).toBe(8);
    expect(effectiveBatchSize(8, 2000)).toBe(63);
    expect(effectiveBatchSize(8, 1)).toBe(1);
    for (const n of [1, 3, 6, 20, 84, 250, 2000]) {
      const steps = Math.ceil(n / effectiveBatchSize(8, n));
      expect(steps).toBeLessThanOrEqual(32);
      expect(steps).toBeGreaterThanOrEqual(Math.min(n, 3));
    }
  });

  it('rejects nonsense', () => {
    expect(() => trainTextClassifier([], 2)).toThrow();
    expect(() => trainTextClassifier([{ text: 'a', label: 0 }], 1)).toThrow();
    expect(() => trainTextClassifier([{ text: 'a', label: 2 }], 2)).toThrow();
  });
});

describe('explanations', () => {
  const { model } = trainTextClassifier(toyData(), K, { seed: 1 });
  const sentences = [
    '今天下雨了，我们不能去踢足球',
    'The cat ate my delicious fish!',
    '明天天气晴 and sunny',
    'xyz 完全陌生的句子',
    '',
  ];

  it('adds up: bias + Σ count × weight = the logit the prediction used, for every class', () => {
    for (const sentence of sentences) {
      const { logits } = predict(model, sentence);
      for (let k = 0; k < K; k++) {
        const e = explain(model, sentence, k);
        expect(e.logit).toBeCloseTo(logits[k]!, 9);
        const sum = e.bias + e.contributions.reduce((s, c) => s + c.weight * c.count, 0);
        expect(sum).toBeCloseTo(logits[k]!, 9);
        // The highlight spreads the same total over the sentence.
        expect(e.segments.reduce((s, seg) => s + seg.score, 0)).toBeCloseTo(logits[k]! - e.bias, 9);
        expect(e.segments.map((seg) => seg.text).join('')).toBe(sentence);
      }
    }
  });

  it('names the n-grams that pushed, where they are, and which were never seen', () => {
    const sentence = '今天下雨了，我们不能去踢足球';
    const weather = TOY_CLASSES.indexOf('weather');
    expect(predict(model, sentence).label).toBe(weather);
    const e = explain(model, sentence, weather);
    expect(e.contributions[0]!.contribution).toBeGreaterThan(0);
    const top = e.contributions.slice(0, 3).map((c) => c.feature);
    expect(
      top.some((f) => ['雨', '下雨'].includes(f)),
      top.join(' '),
    ).toBe(true);
    for (const c of e.contributions) {
      for (const span of c.spans) expect(sentence.slice(span.start, span.end)).toBe(c.feature);
    }
    expect(e.contributions.some((c) => c.feature === '足球' && c.contribution < 0)).toBe(true);
    expect(explain(model, 'xyz', 0).unknown).toEqual(['xyz']);
    const sorted = e.contributions.map((c) => Math.abs(c.contribution));
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });
});
