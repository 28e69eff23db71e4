import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CaretRightOutlined, PauseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Segmented, Select, Slider } from 'antd';
import {
  act,
  decideByTable,
  decideProportional,
  DEFAULT_RULES,
  distanceToTrack,
  LINE_WIDTH,
  sense,
  sensorPositions,
  startPose,
  trackPoints,
  TRACKS,
  WORLD,
  type Action,
  type Decision,
  type Point,
  type Proportional,
  type Reading,
  type Robot,
  type RuleTable,
  type TrackId,
} from './sim.ts';
import { useEmbodimentTranslation } from './i18n.ts';

const ACTIONS: Action[] = ['forward', 'left', 'right', 'stop'];
const ROWS: (keyof RuleTable)[] = ['0-0', '1-0', '0-1', '1-1'];
const OFF_TRACK = 60;

interface SimState {
  robot: Robot;
  reading: Reading;
  decision: Decision;
  ticks: number;
  trail: Point[];
}

function initialFor(track: Point[]): SimState {
  const robot = startPose(track);
  const reading = sense(robot, track);
  return { robot, reading, decision: { leftWheel: 0, rightWheel: 0 }, ticks: 0, trail: [robot] };
}

function draw(canvas: HTMLCanvasElement, track: Point[], state: SimState) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, WORLD.width, WORLD.height);
  ctx.fillStyle = '#f7f8fc';
  ctx.fillRect(0, 0, WORLD.width, WORLD.height);
  ctx.strokeStyle = '#1f1f3a';
  ctx.lineWidth = LINE_WIDTH;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  track.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
  ctx.stroke();

  ctx.strokeStyle = 'rgba(79, 91, 255, 0.45)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  state.trail.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.stroke();

  const { robot, reading } = state;
  ctx.save();
  ctx.translate(robot.x, robot.y);
  ctx.rotate(robot.heading);
  ctx.fillStyle = '#4f5bff';
  ctx.beginPath();
  ctx.roundRect(-14, -12, 28, 24, 6);
  ctx.fill();
  ctx.fillStyle = '#11132b';
  ctx.fillRect(-10, -15, 12, 4);
  ctx.fillRect(-10, 11, 12, 4);
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(6, -5, 3, 0, Math.PI * 2);
  ctx.arc(6, 5, 3, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();

  const sensors = sensorPositions(robot);
  for (const [p, value] of [
    [sensors.left, reading.left],
    [sensors.right, reading.right],
  ] as const) {
    ctx.fillStyle = value > 0.5 ? '#ff4d4f' : '#52c41a';
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 5, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
}

/** The in-browser robot: sense (two light sensors) → decide (the student's rule) → act (two wheels). */
export function LineRobot() {
  const { t } = useEmbodimentTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [trackId, setTrackId] = useState<TrackId>('oval');
  const [mode, setMode] = useState<'table' | 'proportional'>('table');
  const [rules, setRules] = useState<RuleTable>(DEFAULT_RULES);
  const [prop, setProp] = useState<Proportional>({ base: 2, gain: 1.5 });
  const [running, setRunning] = useState(false);
  const track = useMemo(() => trackPoints(trackId), [trackId]);

  const [state, setState] = useState<SimState>(() => initialFor(track));
  const stateRef = useRef(state);
  const decideRef = useRef((reading: Reading) =>
    mode === 'table' ? decideByTable(reading, rules) : decideProportional(reading, prop),
  );
  useEffect(() => {
    decideRef.current = (reading: Reading) =>
      mode === 'table' ? decideByTable(reading, rules) : decideProportional(reading, prop);
  }, [mode, rules, prop]);

  const resetOn = useCallback((on: Point[]) => {
    const next = initialFor(on);
    stateRef.current = next;
    setState(next);
    setRunning(false);
  }, []);
  const reset = () => resetOn(track);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas) draw(canvas, track, state);
  }, [track, state]);

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    const tick = () => {
      let s = stateRef.current;
      for (let i = 0; i < 2; i++) {
        const reading = sense(s.robot, track);
        const decision = decideRef.current(reading);
        const robot = act(s.robot, decision);
        const trail = s.ticks % 3 === 0 ? [...s.trail.slice(-300), robot] : s.trail;
        s = { robot, reading, decision, ticks: s.ticks + 1, trail };
      }
      stateRef.current = s;
      setState(s);
      const off =
        distanceToTrack(s.robot, track) > OFF_TRACK ||
        s.robot.x < 0 ||
        s.robot.y < 0 ||
        s.robot.x > WORLD.width ||
        s.robot.y > WORLD.height;
      if (off) setRunning(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, track]);

  const offTrack = distanceToTrack(state.robot, track) > OFF_TRACK;
  const darkText = (v: number) => (v > 0.5 ? t('sim.dark') : t('sim.light'));

  return (
    <div className="robot-sim">
      <div className="robot-stage">
        <canvas
          ref={canvasRef}
          width={WORLD.width}
          height={WORLD.height}
          className="robot-canvas"
          aria-label={t('sim.title')}
        />
        {offTrack && <div className="robot-off">{t('sim.offTrack')}</div>}
        <div className="robot-controls">
          <Button
            type="primary"
            icon={running ? <PauseOutlined /> : <CaretRightOutlined />}
            onClick={() => setRunning((r) => !r)}
            disabled={offTrack}
          >
            {running ? t('sim.stop') : t('sim.start')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            {t('sim.reset')}
          </Button>
          <Select
            aria-label={t('sim.track')}
            value={trackId}
            onChange={(value) => {
              setTrackId(value);
              resetOn(trackPoints(value));
            }}
            options={TRACKS.map((id) => ({ value: id, label: t(`sim.tracks.${id}`) }))}
            style={{ width: 140 }}
          />
          <span className="robot-ticks">{t('sim.laps', { ticks: state.ticks })}</span>
        </div>
      </div>

      <div className="robot-panel">
        <div className="robot-loop">
          <div className="robot-step robot-step-sense">
            <strong>{t('loop.sense')}</strong>
            <span>
              {t('sim.left')}:{' '}
              <b className={state.reading.left > 0.5 ? 'is-dark' : ''}>{darkText(state.reading.left)}</b> (
              {state.reading.left.toFixed(2)})
            </span>
            <span>
              {t('sim.right')}:{' '}
              <b className={state.reading.right > 0.5 ? 'is-dark' : ''}>{darkText(state.reading.right)}</b> (
              {state.reading.right.toFixed(2)})
            </span>
          </div>
          <div className="robot-step robot-step-decide">
            <strong>{t('loop.decide')}</strong>
            <span>
              {state.decision.action ? t(`sim.actions.${state.decision.action}`) : t('sim.proportional')}
            </span>
          </div>
          <div className="robot-step robot-step-act">
            <strong>{t('loop.act')}</strong>
            <span>
              {t('sim.wheels', {
                left: state.decision.leftWheel.toFixed(1),
                right: state.decision.rightWheel.toFixed(1),
              })}
            </span>
          </div>
        </div>

        <Segmented
          block
          value={mode}
          onChange={(value) => setMode(value as 'table' | 'proportional')}
          options={[
            { value: 'table', label: t('sim.table') },
            { value: 'proportional', label: t('sim.proportional') },
          ]}
        />
        {mode === 'table' ? (
          <table className="robot-rules">
            <thead>
              <tr>
                <th>{t('sim.left')}</th>
                <th>{t('sim.right')}</th>
                <th>{t('sim.then')}</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => {
                const [l, r] = row.split('-');
                return (
                  <tr key={row} className={state.decision.row === row ? 'active' : ''}>
                    <td>{l === '1' ? t('sim.dark') : t('sim.light')}</td>
                    <td>{r === '1' ? t('sim.dark') : t('sim.light')}</td>
                    <td>
                      <Select
                        size="small"
                        aria-label={`${t('sim.then')} ${row}`}
                        value={rules[row]}
                        onChange={(value) => setRules((old) => ({ ...old, [row]: value }))}
                        options={ACTIONS.map((a) => ({ value: a, label: t(`sim.actions.${a}`) }))}
                        style={{ width: 130 }}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <div className="robot-prop">
            <code>{t('sim.propRule')}</code>
            <label>
              {t('sim.base')}: {prop.base.toFixed(1)}
              <Slider
                min={0.5}
                max={4}
                step={0.1}
                value={prop.base}
                onChange={(base) => setProp((p) => ({ ...p, base }))}
              />
            </label>
            <label>
              {t('sim.gain')}: {prop.gain.toFixed(1)}
              <Slider
                min={0}
                max={4}
                step={0.1}
                value={prop.gain}
                onChange={(gain) => setProp((p) => ({ ...p, gain }))}
              />
            </label>
          </div>
        )}
      </div>
    </div>
  );
}
