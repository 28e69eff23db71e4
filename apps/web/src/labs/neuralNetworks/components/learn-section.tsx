import { memo } from 'react';
import { Button } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import type { PresetId } from '../meta.ts';
import { useTexts, type Translate } from '../use-lab.ts';

type CardId = 'how' | 'xor' | 'rate' | 'overfit' | 'spiral' | 'draw';

/** Each card: its texts under `learn.<id>` and the experiments it offers (preset, button text key). */
const CARDS: { id: CardId; presets: [PresetId, Parameters<Translate>[0]][] }[] = [
  { id: 'how', presets: [] },
  {
    id: 'xor',
    presets: [
      ['xorLinear', 'learn.xor.linear'],
      ['xorHidden', 'learn.xor.hidden'],
      ['xorFeature', 'learn.xor.feature'],
    ],
  },
  {
    id: 'rate',
    presets: [
      ['lrSlow', 'learn.rate.slow'],
      ['lrGood', 'learn.rate.good'],
      ['lrTooBig', 'learn.rate.big'],
    ],
  },
  {
    id: 'overfit',
    presets: [
      ['overfit', 'learn.overfit.plain'],
      ['overfitL2', 'learn.overfit.l2'],
    ],
  },
  {
    id: 'spiral',
    presets: [
      ['spiral', 'learn.spiral.start'],
      ['spiralSin', 'learn.spiral.hint'],
    ],
  },
  { id: 'draw', presets: [['draw', 'learn.draw.start']] },
];

/** Short lessons beside the playground, each with one-click experiments that run at once. */
export const LearnSection = memo(function LearnSection({ onPreset }: { onPreset: (id: PresetId) => void }) {
  const { t } = useTexts();
  return (
    <section className="nn-learn" aria-labelledby="nn-learn-title">
      <h2 className="nn-learn-title" id="nn-learn-title">
        {t('learn.title')}
      </h2>
      <div className="nn-learn-grid">
        {CARDS.map(({ id, presets }) => (
          <article key={id} className="nn-card nn-lesson">
            <h3>{t(`learn.${id}.title`)}</h3>
            <p>{t(`learn.${id}.text`)}</p>
            {presets.length ? (
              <div className="nn-lesson-actions">
                {presets.map(([preset, label]) => (
                  <Button
                    key={preset}
                    size="small"
                    icon={<ExperimentOutlined />}
                    onClick={() => onPreset(preset)}
                  >
                    {t(label)}
                  </Button>
                ))}
              </div>
            ) : null}
          </article>
        ))}
      </div>
    </section>
  );
});
