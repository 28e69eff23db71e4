import { useEffect, useRef, useState } from 'react';
import type { MazeId } from '@ai-edu/ml/rl/index.ts';
import {
  LINE_ACTIONS,
  LINE_STATE_COUNT,
  lineStateOf,
  type LineState,
} from '../../../lib/robot-world/line-track-env.ts';
import { drawWorld, floorPicture, STAGE_SCALE } from '../../../lib/robot-world/world-drawing.ts';
import { useLearningTexts } from './i18n.ts';
import { LINE_DEFAULT_RATES, LineSession } from './line-session.ts';
import type { Rates } from './maze-session.ts';
import { RateSliders } from './rate-sliders.tsx';
import { RewardPlot } from './reward-plot.tsx';
import type { Speed } from './speeds.ts';
import { RunControls } from './run-controls.tsx';
import { useLearningLoop } from './use-learning-loop.ts';
import { TrackSelect } from './track-select.tsx';
import './learning.css';

/** Actions (50 ms each) per second at the slow speeds: "watch" is real time. */
const ACTIONS_PER_SECOND: Record<Exclude<Speed, 'top'>, number> = { watch: 20, walk: 60, fast: 300 };
const FIRST_SEED = 1;

const sensorsKey = ({ left, right }: LineState) =>
  left && right ? 'both' : left ? 'left' : right ? 'right' : 'none';

/** The whole 12 × 3 Q-table, each row named in words, the best move marked and the robot's state highlighted. */
function LineQTable({ session }: { session: LineSession }) {
  const { t } = useLearningTexts();
  const { learner } = session;
  return (
    <table className="learning-q-table" data-testid="line-q-table">
      <caption>{t('line.table')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('line.state')}</th>
          {LINE_ACTIONS.map((action) => (
            <th key={action} scope="col">
              {t(`line.actions.${action}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: LINE_STATE_COUNT }, (_, s) => {
          const state = lineStateOf(s);
          const top = learner.value(s);
          const tried = LINE_ACTIONS.some((_, a) => learner.get(s, a) !== 0);
          return (
            <tr key={s} className={s === session.position ? 'is-now' : undefined}>
              <th scope="row">
                {t(`line.sensors.${sensorsKey(state)}`)}, {t(`line.last.${state.last}`)}
              </th>
              {LINE_ACTIONS.map((action, a) => (
                <td key={action} className={tried && learner.get(s, a) === top ? 'is-best' : undefined}>
                  {learner.get(s, a).toFixed(1)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The physics robot learns to follow the line by trial and error: the line track drawn live, the Q-table,
 * the reward of every try, and after every try a test drive with its best moves only.
 */
export function LineLearningRobot({ onChooseMaze }: { onChooseMaze: (id: MazeId) => void }) {
  const { t } = useLearningTexts();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const floorRef = useRef<HTMLCanvasElement | null>(null);
  const seedRef = useRef(FIRST_SEED);
  const [rates, setRates] = useState<Rates>(LINE_DEFAULT_RATES);
  const [session, setSession] = useState(() => new LineSession(LINE_DEFAULT_RATES, FIRST_SEED));
  const [speed, setSpeed] = useState<Speed>('walk');
  const [running, setRunning] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => session.setRates(rates), [session, rates]);

  useEffect(() => {
    const g = canvasRef.current?.getContext('2d');
    if (!g) return;
    floorRef.current ??= floorPicture(session.world.arena, STAGE_SCALE);
    drawWorld(g, session.world, floorRef.current, STAGE_SCALE);
  }, [session, version]);

  useLearningLoop({
    running,
    speed,
    perSecond: ACTIONS_PER_SECOND,
    session,
    // As many physics steps as fit in the frame's slice.
    runTop: (overdue) => session.runFor(overdue),
    runSteps: (steps) => session.runFor(() => false, steps),
    onFrame: () => setVersion((v) => v + 1),
    onDone: () => setRunning(false),
  });

  const restart = () => {
    seedRef.current += 1;
    setRunning(false);
    setSession(new LineSession(rates, seedRef.current));
  };

  const lastReward = session.rewards.at(-1);
  const drive = session.testDrive;
  const arena = session.world.arena;

  return (
    <div className="learning-robot">
      <div className="learning-stage">
        <RunControls
          running={running}
          onRunning={setRunning}
          episodes={session.episodes}
          onReset={restart}
          speed={speed}
          onSpeed={setSpeed}
        >
          <TrackSelect value="line" onChange={(id) => id !== 'line' && onChooseMaze(id)} />
        </RunControls>
        <canvas
          ref={canvasRef}
          width={Math.round(arena.width * STAGE_SCALE)}
          height={Math.round(arena.height * STAGE_SCALE)}
          className="learning-canvas"
          role="img"
          aria-label={t('line.canvas')}
          aria-describedby="learning-status"
        />
        <div
          id="learning-status"
          className="learning-status"
          role="status"
          aria-live={running ? 'off' : 'polite'}
          data-episodes={session.episodes}
          data-greedy-laps={drive?.laps ?? 0}
          data-first-lap={session.firstLapAfter ?? -1}
        >
          <strong>{t('status.episodes', { episodes: session.episodes })}</strong>{' '}
          <span>
            {lastReward === undefined
              ? t('status.none')
              : t('line.status.last', {
                  reward: lastReward.toFixed(0),
                  laps: session.laps.at(-1),
                  steps: session.moves.at(-1),
                })}
          </span>{' '}
          {session.episodes > 0 && (
            <span>
              {drive && drive.laps >= 1 ? t('line.status.lap', { laps: drive.laps }) : t('line.status.noLap')}
            </span>
          )}{' '}
          {session.firstLapAfter !== null && (
            <span>{t('line.status.firstLap', { first: session.firstLapAfter })}</span>
          )}
        </div>
        <LineQTable session={session} />
      </div>

      <div className="learning-panel">
        <p className="learning-rules">{t('line.rules')}</p>
        <RateSliders rates={rates} onChange={setRates} />
        <code className="learning-formula">{t('formula')}</code>
        <RewardPlot rewards={session.rewards} />
      </div>
    </div>
  );
}
