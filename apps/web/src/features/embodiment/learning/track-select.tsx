import { Select } from 'antd';
import { MAZE_IDS, type MazeId } from '@ai-edu/ml/rl/index.ts';
import { useLearningTexts } from './i18n.ts';

/** What the robot learns on: one of the grid mazes, or the physics robot on the line track. */
export type TrackId = MazeId | 'line';

/** The "Maze" choice above both panels: the mazes, then the line track. */
export function TrackSelect({ value, onChange }: { value: TrackId; onChange: (id: TrackId) => void }) {
  const { t } = useLearningTexts();
  return (
    <Select<TrackId>
      aria-label={t('maze')}
      value={value}
      onChange={onChange}
      options={[
        ...MAZE_IDS.map((id) => ({ value: id, label: t(`mazes.${id}`) })),
        { value: 'line' as const, label: t('line.choice') },
      ]}
      style={{ width: 220 }}
    />
  );
}
