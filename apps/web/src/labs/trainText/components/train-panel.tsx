import type { Dispatch } from 'react';
import { Alert, Button, Collapse, Progress } from 'antd';
import { SettingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { ProjectAction, ProjectState, TrainBlock } from '../project-state.ts';
import type { TrainingState } from '../use-training.ts';
import { formatPercent, useTexts } from '../use-texts.ts';
import { EvaluationView } from './evaluation-view.tsx';
import { LearnedView } from './learned-view.tsx';
import { LossAccuracyChart } from '../../../components/loss-accuracy-chart.tsx';
import { PanelHeading } from './panel-heading.tsx';
import { SettingsForm } from './settings-form.tsx';

export interface TrainPanelProps {
  project: ProjectState;
  dispatch: Dispatch<ProjectAction>;
  training: TrainingState;
  block: TrainBlock;
  stale: boolean;
  classNames: readonly string[];
  onTrain: () => void;
}

/** Step 2: settings, the train button, the loss curve, the held-out check and what was learned. */
export function TrainPanel({
  project,
  dispatch,
  training,
  block,
  stale,
  classNames,
  onTrain,
}: TrainPanelProps) {
  const { t, lang } = useTexts();
  const running = training.status === 'training';
  const last = training.history.at(-1);
  const examples = project.classes.reduce((n, c) => n + c.examples.length, 0);
  const status = block
    ? block.reason === 'fewClasses'
      ? t('train.blockFewClasses')
      : t('train.blockEmpty', { name: block.name })
    : t('train.ready', { examples, classes: project.classes.length });

  return (
    <section className="tt-panel tt-train" aria-label={t('steps.train')}>
      <PanelHeading step={2} title={t('steps.train')} />
      <div className="tt-train-actions">
        <Button
          type="primary"
          size="large"
          icon={<ThunderboltOutlined />}
          loading={running}
          disabled={block !== null}
          onClick={onTrain}
          className="tt-train-button"
        >
          {running ? t('train.training') : training.trained ? t('train.again') : t('train.button')}
        </Button>
        <span className={block ? 'tt-train-status tt-train-blocked' : 'tt-train-status'}>{status}</span>
      </div>
      {stale && !running && <Alert className="tt-alert" type="warning" showIcon message={t('train.stale')} />}
      {training.status === 'failed' && (
        <Alert
          className="tt-alert"
          type="error"
          showIcon
          message={t('train.failed', { message: training.error })}
        />
      )}
      <Collapse
        className="tt-settings-collapse"
        size="small"
        ghost
        items={[
          {
            key: 'settings',
            label: (
              <span>
                <SettingOutlined /> {t('train.settings')}
              </span>
            ),
            children: <SettingsForm settings={project.settings} dispatch={dispatch} disabled={running} />,
          },
        ]}
      />
      <div className="tt-progress">
        <Progress
          percent={training.epochs ? Math.round(((last?.epoch ?? 0) / training.epochs) * 100) : 0}
          showInfo={false}
          size="small"
          status={running ? 'active' : 'normal'}
        />
        <div className="tt-progress-stats" data-testid="tt-progress">
          {last ? (
            <>
              <span>{t('train.epoch', { epoch: last.epoch, epochs: training.epochs })}</span>
              <span>
                {t('train.loss')} <strong>{last.loss.toFixed(3)}</strong>
              </span>
              <span>
                {t('train.trainAccuracy')} <strong>{formatPercent(last.accuracy, lang)}</strong>
              </span>
            </>
          ) : (
            <span>{t('train.epoch', { epoch: 0, epochs: project.settings.epochs })}</span>
          )}
        </div>
      </div>
      <LossAccuracyChart
        points={training.history}
        epochs={training.epochs || project.settings.epochs}
        labels={{
          aria: t('train.chartAria'),
          empty: t('train.chartEmpty'),
          loss: t('train.loss'),
          accuracy: t('train.trainAccuracy'),
        }}
      />
      {(training.status === 'evaluating' || training.status === 'done') && (
        <EvaluationView
          status={training.status}
          evaluation={training.evaluation}
          data={training.data}
          classNames={classNames}
        />
      )}
      {training.trained && <LearnedView model={training.trained.model} classNames={classNames} />}
    </section>
  );
}
