/**
 * A 100 % mAP from one test picture must not stand alone (issue 25): the Evaluate tab says the test split is
 * too small to mean much, and how many pictures would do; with enough pictures it says nothing.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrainImage } from '@ai-edu/contract';
import { MIN_TEST_IMAGES } from '@ai-edu/ml/model-train/test-split-size.ts';
import { en } from '../../../lib/locales/en.ts';
import { i18n } from '../../../lib/i18n.ts';
import type { TrainingSession } from '../training/index.ts';
import { EvaluatePanel } from './evaluate-panel.tsx';

const image = (id: number): TrainImage => ({
  id,
  projectId: 1,
  label: null,
  split: 'test',
  boxes: [{ label: 'cat', x: 1, y: 1, w: 10, h: 10 }],
  width: 32,
  height: 32,
  bytes: 100,
  fileName: `${id}.png`,
  url: `/files/${id}`,
  thumbUrl: `/files/${id}`,
  createdAt: '2026-03-01T08:00:00.000Z',
});

/** The page's session after a training whose test split had `count` pictures, all found: mAP 1. */
function sessionWith(count: number): TrainingSession {
  const predictions = Array.from({ length: count }, (_, i) => ({ imageId: i + 1, detections: [] }));
  return {
    model: {
      evaluation: {
        metrics: { task: 'det', map: 1, classes: ['cat', 'dog'], perClassAp: [1, 0], iouThreshold: 0.5 },
        predictions,
      },
    },
  } as unknown as TrainingSession;
}

const render = (count: number) => {
  const images = Array.from({ length: count }, (_, i) => image(i + 1));
  return renderToStaticMarkup(<EvaluatePanel session={sessionWith(count)} images={images} />);
};

beforeAll(async () => {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      resources: { en: { translation: en } },
      interpolation: { escapeValue: false },
    });
  }
  await i18n.changeLanguage('en');
});

describe('the detection Evaluate tab', () => {
  it('warns that one test picture means little, and names how many would do', () => {
    const markup = render(1);
    expect(markup).toContain('data-testid="small-test-split"');
    expect(markup).toContain('Only 1 test picture');
    expect(markup).toContain(`at least ${MIN_TEST_IMAGES} pictures`);
  });

  it('says nothing when the test split is big enough', () => {
    expect(render(MIN_TEST_IMAGES)).not.toContain('small-test-split');
  });
});
