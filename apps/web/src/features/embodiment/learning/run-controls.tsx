/**
 * The controls both learning panels share: the track choice (`children`, first), Start / Pause, any extra
 * button (`extra`: the maze's One step), Reset, and the speed.
 */
import type { ReactNode } from 'react';
import { CaretRightOutlined, PauseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { useLearningTexts } from './i18n.ts';
import { MAX_EPISODES, SPEEDS, type Speed } from './speeds.ts';

export function RunControls({
  children,
  extra,
  running,
  onRunning,
  episodes,
  onReset,
  speed,
  onSpeed,
}: {
  children: ReactNode;
  extra?: ReactNode;
  running: boolean;
  onRunning: (running: boolean) => void;
  /** Tries so far: Start is off once MAX_EPISODES are done. */
  episodes: number;
  onReset: () => void;
  speed: Speed;
  onSpeed: (speed: Speed) => void;
}) {
  const { t } = useLearningTexts();
  return (
    <>
      <div className="learning-controls">
        {children}
        <Button
          type="primary"
          icon={running ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={() => onRunning(!running)}
          disabled={!running && episodes >= MAX_EPISODES}
        >
          {running ? t('pause') : t('start')}
        </Button>
        {extra}
        <Button icon={<ReloadOutlined />} onClick={onReset} title={t('resetHint')}>
          {t('reset')}
        </Button>
      </div>
      <div className="learning-speed">
        <span id="learning-speed-label">{t('speed')}</span>
        <Segmented<Speed>
          aria-labelledby="learning-speed-label"
          value={speed}
          onChange={onSpeed}
          options={SPEEDS.map((s) => ({ value: s, label: t(`speeds.${s}`) }))}
        />
      </div>
    </>
  );
}
