import { useLearningTexts } from './i18n.ts';
import { useState } from 'react';
import type { MazeId } from '@ai-edu/ml/rl/index.ts';
import { LearningRobot } from './learning-robot.tsx';
import { LineLearningRobot } from './line-learning-robot.tsx';

/** The `/embodiment` page's section on reinforcement learning, mounted after the line-following robot. */
export function LearningSection() {
  const { t } = useLearningTexts();
  const [track, setTrack] = useState<MazeId | 'line'>('first');
  return (
    <section className="embodiment-learning" aria-labelledby="embodiment-learning-title">
      <h2 id="embodiment-learning-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      {track === 'line' ? (
        <LineLearningRobot onChooseMaze={setTrack} />
      ) : (
        <LearningRobot initialMaze={track} onChooseLine={() => setTrack('line')} />
      )}
    </section>
  );
}
