import { useLearningTexts } from './i18n.ts';
import { LearningRobot } from './learning-robot.tsx';

/** The `/embodiment` page's section on reinforcement learning, mounted after the line-following robot. */
export function LearningSection() {
  const { t } = useLearningTexts();
  return (
    <section className="embodiment-learning" aria-labelledby="embodiment-learning-title">
      <h2 id="embodiment-learning-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <LearningRobot />
    </section>
  );
}
