/**
 * Text-classifier lab: how long training takes for a class-sized project (5 classes × 50 sentences, half
 * Chinese and half English, default settings: 30 epochs, bigrams), a 5-fold cross-validation of it, how many
 * predictions and explanations per second the trained model gives, and training time for the largest project
 * a file may hold (10 × 200), all in Node. The sentences are generated (seeded) from topic and filler words.
 */
import { seededRandom, type Rng } from '../../../packages/ml/src/random.ts';
import {
  crossValidate,
  explain,
  predict,
  trainTestSplit,
  trainTextClassifier,
  type LabelledSentence,
} from '../../../packages/ml/src/text/index.ts';
import { rate } from '../rate.ts';

export const name = 'text classifier';

const TOPICS = [
  {
    zh: ['下雨', '晴天', '刮风', '天气', '下雪', '很冷', '气温'],
    en: ['rain', 'sunny', 'wind', 'weather', 'snow', 'cold', 'cloudy'],
  },
  {
    zh: ['足球', '比赛', '篮球', '跑步', '进球', '球队', '冠军'],
    en: ['football', 'match', 'basketball', 'running', 'goal', 'team', 'race'],
  },
  {
    zh: ['饺子', '好吃', '米饭', '面条', '蛋糕', '早饭', '火锅'],
    en: ['dumplings', 'delicious', 'rice', 'noodles', 'cake', 'dinner', 'lunch'],
  },
  {
    zh: ['小猫', '小狗', '熊猫', '动物', '小鸟', '兔子', '老虎'],
    en: ['cat', 'dog', 'panda', 'animal', 'bird', 'rabbit', 'tiger'],
  },
  {
    zh: ['音乐', '唱歌', '钢琴', '歌曲', '吉他', '乐队', '跳舞'],
    en: ['music', 'song', 'piano', 'singing', 'guitar', 'band', 'dance'],
  },
  {
    zh: ['考试', '作业', '老师', '上课', '数学', '同学', '教室'],
    en: ['exam', 'homework', 'teacher', 'lesson', 'maths', 'classmates', 'classroom'],
  },
  {
    zh: ['旅行', '火车', '飞机', '酒店', '风景', '地图', '行李'],
    en: ['travel', 'train', 'plane', 'hotel', 'view', 'map', 'luggage'],
  },
  {
    zh: ['电脑', '手机', '程序', '网络', '屏幕', '键盘', '软件'],
    en: ['computer', 'phone', 'program', 'internet', 'screen', 'keyboard', 'software'],
  },
  {
    zh: ['医生', '感冒', '医院', '发烧', '吃药', '健康', '咳嗽'],
    en: ['doctor', 'cold', 'hospital', 'fever', 'medicine', 'healthy', 'cough'],
  },
  {
    zh: ['画画', '颜色', '美术', '画笔', '作品', '展览', '剪纸'],
    en: ['painting', 'colour', 'art', 'brush', 'artwork', 'exhibition', 'drawing'],
  },
];
const FILLER_ZH = ['今天', '我们', '真的', '一起', '昨天', '觉得', '非常', '学校', '周末', '朋友'];
const FILLER_EN = [
  'today',
  'we',
  'really',
  'together',
  'yesterday',
  'think',
  'very',
  'school',
  'weekend',
  'friends',
];

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** A sentence of 2 topic words among 3–5 common words, in Chinese or English. */
function sentence(rng: Rng, topic: number, chinese: boolean): string {
  const { zh, en } = TOPICS[topic]!;
  const words = [pick(rng, chinese ? zh : en), pick(rng, chinese ? zh : en)];
  const fillers = 3 + Math.floor(rng() * 3);
  for (let i = 0; i < fillers; i++) {
    words.splice(Math.floor(rng() * (words.length + 1)), 0, pick(rng, chinese ? FILLER_ZH : FILLER_EN));
  }
  return chinese ? `${words.join('')}。` : `${words.join(' ')}.`;
}

function project(classes: number, perClass: number, seed: number): LabelledSentence[] {
  const rng = seededRandom(seed);
  return TOPICS.slice(0, classes).flatMap((_, label) =>
    Array.from({ length: perClass }, (_, i) => ({ text: sentence(rng, label, i % 2 === 0), label })),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Times `work` repeatedly for about `seconds` (at least 3 runs); returns the median in ms. */
function timeMs(seconds: number, work: () => void): number {
  const times: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (times.length < 3 || performance.now() < deadline) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function run(settings: { durationSec: number }) {
  const seconds = Math.max(1, settings.durationSec / 4);
  const classes = 5;
  const data = project(classes, 50, 1);

  trainTextClassifier(data, classes, { seed: 1 }); // JIT warm-up
  let vocabulary = 0;
  const trainMs = timeMs(seconds, () => {
    vocabulary = trainTextClassifier(data, classes, { seed: 1 }).model.vocabulary.terms.length;
  });
  const cvMs = timeMs(seconds, () => crossValidate(data, classes, { seed: 1 }));

  const { train, test } = trainTestSplit(data, classes, 0.2, 2);
  const { model } = trainTextClassifier(train, classes, { seed: 1 });
  const heldOut = test.filter((d) => predict(model, d.text).label === d.label).length / test.length;
  const fresh = project(classes, 40, 99).map((d) => d.text);
  rate(0.2, 100, (i) => predict(model, fresh[i % fresh.length]!));
  const predictions = rate(seconds, 100, (i) => predict(model, fresh[i % fresh.length]!));
  const explanations = rate(seconds, 100, (i) => explain(model, fresh[i % fresh.length]!, i % classes));

  // The largest project a file may hold: 10 classes × 200 sentences (it trains in the lab's worker).
  const largest = project(TOPICS.length, 200, 3);
  let largestVocabulary = 0;
  const largestMs = timeMs(seconds, () => {
    largestVocabulary = trainTextClassifier(largest, TOPICS.length, { seed: 1 }).model.vocabulary.terms
      .length;
  });

  return [
    {
      label: 'train 5 classes × 50 sentences',
      value: trainMs,
      unit: 'ms',
      note: `30 epochs, ${vocabulary.toLocaleString('en-US')} n-grams, ${(trainMs / 30).toFixed(1)} ms/epoch`,
    },
    { label: '5-fold cross-validation (same data)', value: cvMs, unit: 'ms' },
    {
      label: 'predictions/s',
      value: predictions,
      unit: 'sentences/s',
      note: `held-out accuracy ${(heldOut * 100).toFixed(0)} % on ${test.length} sentences`,
    },
    { label: 'explanations/s (one class)', value: explanations, unit: 'sentences/s' },
    {
      label: 'train 10 classes × 200 sentences (limit)',
      value: largestMs,
      unit: 'ms',
      note: `30 epochs, ${largestVocabulary.toLocaleString('en-US')} n-grams`,
    },
  ];
}
