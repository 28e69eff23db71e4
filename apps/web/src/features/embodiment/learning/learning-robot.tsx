import { useEffect, useRef, useState } from 'react';
import { StepForwardOutlined } from '@ant-design/icons';
import { Button, Switch } from 'antd';
import { MAZE_ACTIONS, type MazeId } from '@ai-edu/ml/rl/index.ts';
import { useLearningTexts } from './i18n.ts';
import { cellSize, drawMaze } from './maze-drawing.ts';
import { DEFAULT_RATES, MazeSession, type Rates } from './maze-session.ts';
import { RateSliders } from './rate-sliders.tsx';
import { RewardPlot } from './reward-plot.tsx';
import { MAX_EPISODES, STEPS_PER_SECOND, TOP_SPEED, type Speed } from './speeds.ts';
import { RunControls } from './run-controls.tsx';
import { useLearningLoop } from './use-learning-loop.ts';
import { TrackSelect } from './track-select.tsx';
import { scaleColour } from './value-colours.ts';
import './learning.css';

/** Seeds go up by one at each reset: every new try is different, and the page's first one is always the same. */
const FIRST_SEED = 1;

/** The Q-table's row for the robot's square: its four guesses, the best ones (ties included) marked. */
function QTableRow({ session, cellName }: { session: MazeSession; cellName: (cell: number) => string }) {
  const { t } = useLearningTexts();
  const cell = session.position;
  const tried = session.visited(cell);
  const top = session.learner.value(cell);
  return (
    <table className="learning-q-row">
      <caption>{t('qRow', { cell: cellName(cell) })}</caption>
      <tbody>
        <tr>
          {MAZE_ACTIONS.map((action, a) => (
            <td
              key={action}
              className={tried && session.learner.get(cell, a) === top ? 'is-best' : undefined}
            >
              <span>{t(`actions.${action}`)}</span>
              <b>{session.learner.get(cell, a).toFixed(2)}</b>
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/**
 * "The robot learns by trial and error": tabular Q-learning in a grid maze, with the value map drawn live,
 * the reward of every try plotted, a speed control and the three rates to play with.
 */
export function LearningRobot({
  initialMaze = 'first',
  onChooseLine,
}: {
  initialMaze?: MazeId;
  /** The line track was chosen: the section shows its own panel instead. */
  onChooseLine: () => void;
}) {
  const { t } = useLearningTexts();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const seedRef = useRef(FIRST_SEED);
  const [mazeId, setMazeId] = useState<MazeId>(initialMaze);
  const [rates, setRates] = useState<Rates>(DEFAULT_RATES);
  const [session, setSession] = useState(() => new MazeSession(initialMaze, DEFAULT_RATES, FIRST_SEED));
  const [speed, setSpeed] = useState<Speed>('walk');
  const [running, setRunning] = useState(false);
  const [showNumbers, setShowNumbers] = useState(false);
  // The session is mutated in place by the loop; this number changes to redraw and re-render after it.
  const [version, setVersion] = useState(0);

  useEffect(() => session.setRates(rates), [session, rates]);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx) drawMaze(ctx, session, showNumbers);
  }, [session, version, showNumbers]);

  useLearningLoop({
    running,
    speed,
    perSecond: STEPS_PER_SECOND,
    session,
    runTop: (overdue) => session.runEpisodes(TOP_SPEED.episodesPerFrame, overdue),
    runSteps: (steps) => {
      for (let i = 0; i < steps; i++) session.step();
    },
    onFrame: () => setVersion((v) => v + 1),
    onDone: () => setRunning(false),
  });

  const restart = (id: MazeId) => {
    seedRef.current += 1;
    setRunning(false);
    setSession(new MazeSession(id, rates, seedRef.current));
  };

  const oneStep = () => {
    session.step();
    setVersion((v) => v + 1);
  };

  const cellName = (cell: number) =>
    t('cell', { row: Math.floor(cell / session.maze.width) + 1, column: (cell % session.maze.width) + 1 });
  const best = session.greedyPath();
  const bestSteps = best.path.length - 1;
  const lastReward = session.rewards.at(-1);
  const lastSteps = session.steps.at(-1);
  const size = cellSize(session);
  const showLastStep = session.last && (!running || speed === 'watch' || speed === 'walk');

  return (
    <div className="learning-robot">
      <div className="learning-stage">
        <RunControls
          running={running}
          onRunning={setRunning}
          episodes={session.episodes}
          onReset={() => restart(mazeId)}
          speed={speed}
          onSpeed={setSpeed}
          extra={
            <Button icon={<StepForwardOutlined />} onClick={oneStep} disabled={running}>
              {t('step')}
            </Button>
          }
        >
          <TrackSelect
            value={mazeId}
            onChange={(id) => {
              if (id === 'line') return onChooseLine();
              setMazeId(id);
              restart(id);
            }}
          />
        </RunControls>
        <canvas
          ref={canvasRef}
          width={size * session.maze.width}
          height={size * session.maze.height}
          className="learning-canvas"
          role="img"
          aria-label={t('canvas')}
          aria-describedby="learning-status"
        />
        <div className="learning-legend" aria-hidden>
          <span>{t('legend.bad')}</span>
          <span
            className="learning-legend-scale"
            style={{
              background: `linear-gradient(90deg, ${[0, 0.25, 0.5, 0.75, 1].map(scaleColour).join(', ')})`,
            }}
          />
          <span>{t('legend.good')}</span>
          <span className="learning-legend-robot" /> {t('legend.robot')}
          <span className="learning-legend-goal" /> {t('legend.goal')}
          <span>{t('legend.arrow')}</span>
        </div>
        <div className="learning-numbers">
          <Switch checked={showNumbers} onChange={setShowNumbers} size="small" id="learning-numbers" />
          <label htmlFor="learning-numbers">{t('showNumbers')}</label>
        </div>
        <div
          id="learning-status"
          className="learning-status"
          role="status"
          // Read out when paused, not sixty times a second while it runs.
          aria-live={running ? 'off' : 'polite'}
          data-episodes={session.episodes}
          data-best-steps={best.reachesGoal ? bestSteps : -1}
          data-shortest={session.shortest}
        >
          <strong>{t('status.episodes', { episodes: session.episodes })}</strong>{' '}
          <span>
            {lastReward === undefined
              ? t('status.none')
              : t('status.last', { reward: lastReward, steps: lastSteps })}
          </span>{' '}
          {session.episodes >= MAX_EPISODES && <span>{t('status.enough')} </span>}
          <span>
            {best.reachesGoal
              ? t('status.best', { steps: bestSteps, shortest: session.shortest })
              : t('status.lost')}
          </span>
        </div>
        <QTableRow session={session} cellName={cellName} />
        {showLastStep && session.last && (
          <p className="learning-last-step">
            {t('lastStep', {
              from: cellName(session.last.from),
              action: t(`actions.${MAZE_ACTIONS[session.last.action]!}`),
              reward: session.last.reward,
              before: session.last.before.toFixed(2),
              after: session.last.after.toFixed(2),
            })}{' '}
            {session.last.explored && <em>{t('explored')}</em>}
          </p>
        )}
      </div>

      <div className="learning-panel">
        <p className="learning-rules">{t('rewardRules')}</p>
        <RateSliders rates={rates} onChange={setRates} />
        <code className="learning-formula">{t('formula')}</code>
        <RewardPlot rewards={session.rewards} />
        <div className="learning-what">
          <h3>{t('what.title')}</h3>
          <p>{t('what.colours')}</p>
          <p>{t('what.spread')}</p>
          <p>{t('what.plot')}</p>
        </div>
      </div>
    </div>
  );
}
