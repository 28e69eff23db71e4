import { ReadOutlined } from '@ant-design/icons';
import { useTexts } from '../use-texts.ts';

const CARDS = ['features', 'weights', 'softmax', 'training', 'variety', 'rarity'] as const;

/** The short lessons under the lab: features, weights, softmax, training, varied examples, rarity. */
export function LearnSection() {
  const { t } = useTexts();
  return (
    <section className="tt-learn" aria-label={t('learn.title')}>
      <h2 className="tt-learn-title">
        <ReadOutlined /> {t('learn.title')}
      </h2>
      <div className="tt-learn-grid">
        {CARDS.map((card, i) => (
          <article key={card} className="tt-learn-card">
            <h3>
              <span className="tt-learn-index">{i + 1}</span>
              {t(`learn.${card}.title`)}
            </h3>
            <p className="tt-formula">{t(`learn.${card}.formula`)}</p>
            <p>{t(`learn.${card}.text`)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
