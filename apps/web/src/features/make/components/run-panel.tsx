/**
 * What the studio and the read-only project page share around a workspace: the runner with its errors in
 * the student's language, the toolbox's category names, and the side panel (Run, Stop, the speed control
 * where the page offers it, the stage and the run's state).
 */
import { lazy, Suspense, useCallback, useMemo, type RefObject } from 'react';
import { Button, Space } from 'antd';
import { CaretRightOutlined, CloseCircleFilled, StopOutlined } from '@ant-design/icons';
import { SPEEDS, useProgramRun, type Speed } from '../hooks/use-program-run.ts';
import type { RunOutcome } from '../runtime/program-runner.ts';
import { useMakeTexts } from '../use-texts.ts';
import type { LoadProblem, WorkspaceApi } from './block-workspace.tsx';
import { Stage } from './stage.tsx';
import { useStageTexts } from './stage-texts.ts';
import type { MakeWorkspace } from '@ai-edu/contract';
import { robotArenaIn } from '../robot/robot-needs.ts';
import { usesRobotCamera } from '../models/model-refs.ts';

/** The camera and the models' guesses, while a program with model blocks runs. */
const ModelView = lazy(() => import('../models/model-view.tsx'));
const HearingView = lazy(() => import('../models/hearing-view.tsx'));
/** The robot world, with its physics: only for a program with robot blocks. */
const RobotStage = lazy(() => import('../robot/robot-stage.tsx'));

const KNOWN_ERRORS = ['TypeError', 'ReferenceError', 'RangeError', 'SyntaxError'] as const;

export type StudioRunner = ReturnType<typeof useProgramRun>;

/** The runner of the workspace behind `apiRef`, the toolbox's category names and the load-error text. */
export function useStudioRun(apiRef: RefObject<WorkspaceApi | null>) {
  const { t } = useMakeTexts();
  const describeError = useCallback(
    (error: Extract<RunOutcome, { kind: 'error' }>) => {
      const known = (KNOWN_ERRORS as readonly string[]).includes(error.name);
      const text = t(known ? (`runError.${error.name}` as 'runError.TypeError') : 'runError.other');
      return `${text} (${error.message})`;
    },
    [t],
  );
  const runner = useProgramRun(apiRef, describeError, t('runError.loadFailed'), t('costumes.missing'));
  const categoryNames = useMemo(
    () => ({
      search: t('categories.search'),
      models: t('categories.models'),
      ai: t('categories.ai'),
      events: t('categories.events'),
      motion: t('categories.motion'),
      looks: t('categories.looks'),
      sound: t('categories.sound'),
      pen: t('categories.pen'),
      logic: t('categories.logic'),
      loops: t('categories.loops'),
      math: t('categories.math'),
      text: t('categories.text'),
      lists: t('categories.lists'),
      colour: t('categories.colour'),
      variables: t('categories.variables'),
      functions: t('categories.functions'),
      cloud: t('categories.cloud'),
      robot: t('categories.robot'),
    }),
    [t],
  );
  const describeLoadError = useCallback(
    (problem: LoadProblem) =>
      problem.kind === 'unknownBlocks'
        ? t('file.unknownBlocks', { types: problem.types.join(', ') })
        : t('loadFailed', { message: problem.message }),
    [t],
  );
  return { runner, categoryNames, describeLoadError };
}

/**
 * Run, Stop (and the speed control when `withSpeed`), the stage — the robot world for a program with robot
 * blocks, else the sprite stage — and what the run is doing.
 */
export function RunPanel({
  runner,
  withSpeed,
  workspace,
}: {
  runner: StudioRunner;
  withSpeed: boolean;
  /** The program as it is now (it decides which stage shows). */
  workspace: MakeWorkspace;
}) {
  const { t } = useMakeTexts();
  const stageTexts = useStageTexts(t);
  const running = runner.state === 'running';
  const arena = useMemo(() => robotArenaIn(workspace), [workspace]);
  return (
    <div className="make-side">
      <Space wrap className="make-run-controls">
        <Button
          type="primary"
          icon={<CaretRightOutlined />}
          disabled={running}
          onClick={() => void runner.start()}
        >
          {t('run')}
        </Button>
        <Button danger icon={<StopOutlined />} disabled={!running} onClick={runner.stop}>
          {t('stop')}
        </Button>
        {/* A robot program runs at full speed (hooks/use-program-run.ts): no speed to choose. */}
        {withSpeed && !arena && (
          <span role="group" aria-label={t('speed')} className="make-speed">
            {t('speed')}
            {(Object.keys(SPEEDS) as Speed[]).map((value) => (
              <Button
                key={value}
                size="small"
                type={runner.speed === value ? 'primary' : 'default'}
                ghost={runner.speed === value}
                aria-pressed={runner.speed === value}
                onClick={() => runner.setSpeed(value)}
              >
                {t(`speeds.${value}`)}
              </Button>
            ))}
          </span>
        )}
      </Space>
      {arena ? (
        <Suspense fallback={<p className="make-robot-loading">{t('robotStage.loading')}</p>}>
          <RobotStage
            robot={runner.robot}
            arena={arena}
            running={running}
            lines={runner.lines}
            outputLabel={stageTexts.outputLabel}
            camera={usesRobotCamera(workspace)}
          />
        </Suspense>
      ) : (
        <Stage
          lines={runner.lines}
          world={runner.world}
          pictures={runner.pictures}
          camera={runner.models?.video ?? null}
          running={running}
          question={runner.asking?.question ?? null}
          onAnswer={(answer) => runner.asking?.answer(answer)}
          onSpriteClick={runner.clickSprite}
          texts={stageTexts}
        />
      )}
      {runner.models && (
        <Suspense fallback={null}>
          <ModelView session={runner.models} />
        </Suspense>
      )}
      {runner.hearing && (
        <Suspense fallback={null}>
          <HearingView session={runner.hearing} />
        </Suspense>
      )}
      <p className="make-run-state" role="status">
        {runner.state === 'idle' ? '' : t(`runState.${runner.state}`)}
      </p>
      {runner.error && (
        <p className="make-error">
          <CloseCircleFilled aria-hidden /> {runner.error}
        </p>
      )}
    </div>
  );
}
