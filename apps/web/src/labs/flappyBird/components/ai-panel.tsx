import { useMemo, useState } from 'react';
import { Button, Card, Segmented, Slider, Statistic } from 'antd';
import { ExperimentOutlined, PauseOutlined, CaretRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { useLabTranslation } from '../../../lib/lab-i18n.ts';
import type { FlappyController, RunSettings, Snapshot } from '../game/controller.ts';
import { texts } from '../i18n.ts';
import { FLAPPY_LAB, type Speed } from '../meta.ts';
import { NetworkCard } from './network-card.tsx';
import { ScoreChart } from './score-chart.tsx';
import { SeedInput } from './seed-input.tsx';

interface AiPanelProps {
  controller: FlappyController;
  snapshot: Snapshot;
  settings: RunSettings;
  onSettings: (settings: RunSettings) => void;
}

/** Controls, live figures, the leading bird's network and the chart of the evolution. */
export function AiPanel({ controller, snapshot, settings, onSettings }: AiPanelProps) {
  const { t } = useLabTranslation('flappyBird', texts);
  // Sliders show their value while dragging; the run restarts only when the drag ends.
  const [populationDraft, setPopulationDraft] = useState<number | null>(null);
  const [mutationDraft, setMutationDraft] = useState<number | null>(null);
  const population = populationDraft ?? settings.populationSize;
  const mutation = mutationDraft ?? settings.mutationRate;

  const speeds = useMemo(
    () =>
      FLAPPY_LAB.speeds.map((speed) => ({
        value: speed,
        label: speed === 'max' ? t('ai.max') : `${speed}×`,
      })),
    [t],
  );

  return (
    <div className="fb-panel">
      <Card
        className="fb-card"
        title={
          <span className="fb-card-title">
            <ExperimentOutlined /> {t('ai.controls')}
          </span>
        }
      >
        <div className="fb-controls">
          <Button
            type="primary"
            icon={snapshot.running ? <PauseOutlined /> : <CaretRightOutlined />}
            onClick={() => controller.setRunning(!snapshot.running)}
          >
            {snapshot.running ? t('ai.pause') : t('ai.start')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => controller.resetEvolution()}>
            {t('ai.reset')}
          </Button>
          <div className="fb-speed">
            <span className="fb-field-label">{t('ai.speed')}</span>
            <Segmented<Speed>
              aria-label={t('ai.speed')}
              options={speeds}
              value={snapshot.speed}
              onChange={(speed) => controller.setSpeed(speed)}
            />
          </div>
        </div>
        <div className="fb-settings">
          <SeedInput value={settings.seed} onChange={(seed) => onSettings({ ...settings, seed })} />
          <label className="fb-field fb-field-slider">
            <span className="fb-field-label">
              {t('ai.population')} <b>{population}</b>
            </span>
            <Slider
              aria-label={t('ai.population')}
              min={FLAPPY_LAB.population.min}
              max={FLAPPY_LAB.population.max}
              step={FLAPPY_LAB.population.step}
              value={population}
              onChange={setPopulationDraft}
              onChangeComplete={(populationSize) => {
                setPopulationDraft(null);
                onSettings({ ...settings, populationSize });
              }}
            />
          </label>
          <label className="fb-field fb-field-slider">
            <span className="fb-field-label">
              {t('ai.mutationRate')} <b>{Math.round(mutation * 100)}%</b>
            </span>
            <Slider
              aria-label={t('ai.mutationRate')}
              min={FLAPPY_LAB.mutationRate.min}
              max={FLAPPY_LAB.mutationRate.max}
              step={FLAPPY_LAB.mutationRate.step}
              value={mutation}
              tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)}%` }}
              onChange={setMutationDraft}
              onChangeComplete={(mutationRate) => {
                setMutationDraft(null);
                onSettings({ ...settings, mutationRate });
              }}
            />
          </label>
        </div>
        <p className="fb-muted fb-small">{t('ai.settingsHint')}</p>
      </Card>

      <Card className="fb-card fb-card-stats">
        <div className="fb-stats fb-stats-4" data-testid="ai-stats">
          <Statistic title={t('ai.generation')} value={snapshot.generation} />
          <Statistic title={t('ai.alive')} value={snapshot.alive} suffix={`/ ${snapshot.population}`} />
          <Statistic title={t('ai.score')} value={snapshot.aiScore} />
          <Statistic title={t('ai.bestEver')} value={snapshot.bestEver} />
        </div>
      </Card>

      <div className="fb-visuals">
        <NetworkCard controller={controller} />
        <ScoreChart history={snapshot.history} />
      </div>
    </div>
  );
}
