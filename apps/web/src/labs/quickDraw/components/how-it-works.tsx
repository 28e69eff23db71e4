/**
 * "How it works", for a 12-year-old: the 28 × 28 picture the network reads, its top 5 guesses, and a few
 * drawings it trained on of its best guess ("this is what it learnt a cat looks like") — or, for a word the
 * class taught it, the class's own drawings of that word.
 */
import { useMemo } from 'react';
import { Card, Typography } from 'antd';
import type { SchoolDoodle } from '@ai-edu/contract';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { DoodleBitmap } from '../../../features/doodles/components/doodle-bitmap.tsx';
import type { DoodleModel } from '../../../features/doodles/doodle-model.ts';
import { keyName, nameWithArticle } from '../game.ts';
import type { Reading } from '../reading.ts';
import { base64ToInput } from '../school-model.ts';
import { useTexts } from '../use-texts.ts';
import { GuessBars } from './guess-bars.tsx';

const SCHOOL_EXAMPLES = 6;

export interface HowItWorksProps {
  reading: Reading | null;
  model: DoodleModel;
  /** The school's drawings (for its words' examples); empty without a school set. */
  schoolDrawings: readonly SchoolDoodle[];
  schoolModel: boolean;
}

export function HowItWorks({ reading, model, schoolDrawings, schoolModel }: HowItWorksProps) {
  const { t, lang } = useTexts();
  const best = reading?.guesses[0]?.key;
  const category = best === undefined ? -1 : DOODLE_CATEGORIES.findIndex((c) => c.id === best);
  const examples = useMemo(() => {
    if (best === undefined) return [];
    if (category >= 0) return model.examples(category);
    return schoolDrawings
      .filter((d) => d.label === best)
      .slice(-SCHOOL_EXAMPLES)
      .map((d) => base64ToInput(d.pixels));
  }, [best, category, model, schoolDrawings]);
  const thing = best === undefined ? '' : keyName(best, lang);

  return (
    <Card title={t('how.title')} className="qd-how" size="small" data-testid="qd-how">
      {!reading ? (
        <Typography.Paragraph type="secondary">{t('how.empty')}</Typography.Paragraph>
      ) : (
        <>
          <section className="qd-how-step">
            <Typography.Text strong>{t('how.sees')}</Typography.Text>
            <div className="qd-how-row">
              <DoodleBitmap pixels={reading.input} label={t('how.sees')} size={112} />
              <Typography.Paragraph className="qd-how-text">{t('how.seesText')}</Typography.Paragraph>
            </div>
          </section>
          <section className="qd-how-step">
            <Typography.Text strong>{t('how.bars')}</Typography.Text>
            <GuessBars guesses={reading.guesses} label={t('how.barsAria')} />
            <Typography.Paragraph className="qd-how-text">{t('how.network')}</Typography.Paragraph>
            {schoolModel && (
              <Typography.Paragraph className="qd-how-text">{t('how.school')}</Typography.Paragraph>
            )}
          </section>
          {examples.length > 0 && (
            <section className="qd-how-step">
              <Typography.Text strong>
                {category >= 0
                  ? t('how.learnt', { thing: nameWithArticle(best!, lang) })
                  : t('how.schoolLearnt', { thing })}
              </Typography.Text>
              <div className="qd-how-examples">
                {examples.map((pixels, i) => (
                  <DoodleBitmap
                    key={i}
                    pixels={pixels}
                    label={t('school.drawingAria', { thing })}
                    size={56}
                  />
                ))}
              </div>
              {category >= 0 && (
                <Typography.Paragraph className="qd-how-text">
                  {t('how.learntText', { thing })}
                </Typography.Paragraph>
              )}
            </section>
          )}
        </>
      )}
    </Card>
  );
}
