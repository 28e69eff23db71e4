import type { ReactNode } from 'react';
import {
  BranchesOutlined,
  BulbOutlined,
  FilterOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import { texts } from '../i18n.ts';

type Step = 'fitness' | 'selection' | 'crossover' | 'mutation';

const STEPS: { key: Step; icon: ReactNode; color: string }[] = [
  { key: 'fitness', icon: <TrophyOutlined />, color: '#fa8c16' },
  { key: 'selection', icon: <FilterOutlined />, color: '#1677ff' },
  { key: 'crossover', icon: <BranchesOutlined />, color: '#722ed1' },
  { key: 'mutation', icon: <ThunderboltOutlined />, color: '#eb2f96' },
];

/** The lesson: what fitness, selection, crossover and mutation mean here, and experiments to try. */
export function EvolutionExplainer() {
  const { t } = useLabTranslation('flappyBird', texts);
  return (
    <section className="fb-learn" aria-labelledby="fb-learn-title">
      <h2 id="fb-learn-title">{t('learn.title')}</h2>
      <p className="fb-learn-intro">{t('learn.intro')}</p>
      <ol className="fb-learn-steps">
        {STEPS.map(({ key, icon, color }) => (
          <li key={key} className="fb-learn-step">
            <span className="fb-learn-icon" style={{ background: color }} aria-hidden="true">
              {icon}
            </span>
            <h3>{t(`learn.${key}.title`)}</h3>
            <p>{t(`learn.${key}.text`)}</p>
          </li>
        ))}
      </ol>
      <p className="fb-learn-intro">{t('learn.outro')}</p>
      <div className="fb-learn-try">
        <h3>
          <BulbOutlined /> {t('learn.tryTitle')}
        </h3>
        <ul>
          <li>{t('learn.try1')}</li>
          <li>{t('learn.try2')}</li>
          <li>{t('learn.try3')}</li>
        </ul>
      </div>
    </section>
  );
}
