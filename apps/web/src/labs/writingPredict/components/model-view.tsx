import { Typography } from 'antd';
import { doodleName } from '@ai-edu/ml/doodles/categories.ts';
import { DoodleBitmap } from '../../../features/doodles/components/doodle-bitmap.tsx';
import type { DoodleModel } from '../../../features/doodles/doodle-model.ts';
import { useTexts } from '../use-texts.ts';

interface ModelViewProps {
  model: DoodleModel;
  /** The drawing as the network's input, or null while the pad is blank. */
  input: Float32Array | null;
  /** The base model's best category, whose training drawings are shown. */
  category: number | undefined;
}

/** "The picture the model sees" beside some of the drawings it learned its best guess from. */
export function ModelView({ model, input, category }: ModelViewProps) {
  const { t, language } = useTexts();
  const name = category === undefined ? '' : doodleName(category, language);
  return (
    <div className="wp-model-view">
      <figure className="wp-sees">
        <DoodleBitmap pixels={input} label={t('guesses.sees')} size={112} />
        <figcaption>
          <strong>{t('guesses.sees')}</strong>
          <Typography.Text type="secondary">{t('guesses.seesHint')}</Typography.Text>
        </figcaption>
      </figure>
      {category !== undefined && (
        <figure className="wp-learned" data-testid="wp-learned">
          <div className="wp-learned-row">
            {model.examples(category).map((example, i) => (
              <DoodleBitmap
                key={i}
                pixels={example}
                label={t('guesses.learnedPicture', { name })}
                size={48}
              />
            ))}
          </div>
          <figcaption>
            <strong>{t('guesses.learned', { name })}</strong>
            <Typography.Text type="secondary">{t('guesses.learnedHint')}</Typography.Text>
          </figcaption>
        </figure>
      )}
      {model.heldOut && (
        <Typography.Paragraph type="secondary" className="wp-held-out">
          {t('guesses.heldOut', {
            top1: Math.round(model.heldOut.top1 * 100),
            top3: Math.round(model.heldOut.top3 * 100),
          })}
        </Typography.Paragraph>
      )}
    </div>
  );
}
