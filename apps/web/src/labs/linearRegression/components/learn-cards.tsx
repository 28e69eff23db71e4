import { FunctionOutlined } from '@ant-design/icons';

export interface LearnCard {
  key: string;
  title: string;
  formula: string;
  text: string;
}

/** The short lessons under the charts: the model, the loss, the gradient, the learning rate … */
export function LearnCards({ title, cards }: { title: string; cards: readonly LearnCard[] }) {
  return (
    <section className="lr-learn" aria-label={title}>
      <h2 className="lr-section-title">
        <FunctionOutlined /> {title}
      </h2>
      <div className="lr-learn-grid">
        {cards.map((card, i) => (
          <article key={card.key} className="lr-learn-card">
            <h3>
              <span className="lr-learn-index">{i + 1}</span>
              {card.title}
            </h3>
            <p className="lr-formula">{card.formula}</p>
            <p>{card.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
