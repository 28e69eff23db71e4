/**
 * The robot world's stage (issue 27): the arena from above with the robot, drawn every frame while the program
 * runs (the physics steps in robot-run.ts), and for screen readers a sentence about the robot, at most four
 * times a second. Tests read the robot's state from the canvas's data-* attributes (`data-arena`, `data-laps`,
 * `data-robot-x`/`-y` in cm, `data-compass`, `data-led`, `data-steps`), never from pixels. Loaded on demand
 * with the physics (a chunk of its own), only for a program with robot blocks.
 */
import { useEffect, useRef, useState } from 'react';
import type { ArenaId } from '../../../lib/robot-world/arenas.ts';
import { poseInCm, type RobotWorld } from '../../../lib/robot-world/robot-world.ts';
import {
  drawCameraView,
  drawWorld,
  floorPicture,
  STAGE_SCALE,
} from '../../../lib/robot-world/world-drawing.ts';
import { useMakeTexts } from '../use-texts.ts';
import type { RobotRun } from './robot-run.ts';

const SUMMARY_MS = 250;
/** Printed lines shown under the world (the sprite stage shows them on its canvas). */
const SHOWN_LINES = 4;
/** The camera inset's size (the model is shown a 224 px picture of the same view). */
const CAMERA_SIDE = 160;

interface RobotState {
  x: number;
  y: number;
  compass: number;
  laps: number;
  led: string | null;
  steps: number;
}

function stateOf(world: RobotWorld): RobotState | null {
  const robot = world.robots[0];
  if (!robot) return null;
  return {
    ...poseInCm(robot.pose),
    laps: robot.laps?.laps ?? 0,
    led: robot.led,
    steps: world.steps,
  };
}

export default function RobotStage({
  robot,
  arena,
  running,
  lines,
  outputLabel,
  camera,
}: {
  robot: RobotRun;
  arena: ArenaId;
  running: boolean;
  /** What the program printed: the last few show under the world. */
  lines: readonly string[];
  outputLabel: string;
  /** The program looks through the robot's camera: what it sees shows beside the world. */
  camera: boolean;
}) {
  const { t } = useMakeTexts();
  const canvas = useRef<HTMLCanvasElement>(null);
  const cameraCanvas = useRef<HTMLCanvasElement>(null);
  const [world, setWorld] = useState<RobotWorld | null>(robot.world);
  const [state, setState] = useState<RobotState | null>(null);
  const [real, setReal] = useState(robot.external !== null);

  // The workspace's arena is shown before Run (a fresh world when it changes); a run replaces the world itself.
  useEffect(() => {
    let live = true;
    void robot.show(arena).then((shown) => live && setWorld(shown));
    const unsubscribe = robot.subscribe(() => {
      setWorld(robot.world);
      setReal(robot.external !== null);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [robot, arena]);

  // Draws each frame while running, once otherwise; the summary and data-* follow at most every SUMMARY_MS.
  useEffect(() => {
    const element = canvas.current;
    const g = element?.getContext('2d');
    if (!world || !element || !g) return;
    const floor = floorPicture(world.arena, STAGE_SCALE);
    let frame = 0;
    let shown = 0;
    const view = cameraCanvas.current?.getContext('2d') ?? null;
    const draw = (now: number) => {
      drawWorld(g, world, floor, STAGE_SCALE);
      const first = world.robots[0];
      if (view && first) drawCameraView(view, world, first, floor, STAGE_SCALE, CAMERA_SIDE);
      if (now - shown >= SUMMARY_MS || !running) {
        shown = now;
        setState(stateOf(world));
      }
      if (running) frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      // The last frame of a run: where the robot stopped.
      setState(stateOf(world));
    };
  }, [world, running, camera]);

  const arenaName = t(`robotStage.arenas.${world?.arena.id ?? arena}`);
  return (
    <div className="make-robot-stage">
      <canvas
        ref={canvas}
        className="make-robot-canvas"
        width={600}
        height={400}
        role="img"
        aria-label={t('robotStage.label', { arena: arenaName })}
        data-arena={world?.arena.id ?? ''}
        data-laps={state?.laps ?? 0}
        data-robot-x={state?.x ?? ''}
        data-robot-y={state?.y ?? ''}
        data-compass={state?.compass ?? ''}
        data-led={state?.led ?? ''}
        data-steps={state?.steps ?? 0}
      />
      {real && <p className="make-robot-real">{t('robotStage.real')}</p>}
      {camera && (
        <canvas
          ref={cameraCanvas}
          className="make-robot-camera"
          width={CAMERA_SIDE}
          height={CAMERA_SIDE}
          role="img"
          aria-label={t('robotStage.camera')}
        />
      )}
      {lines.length > 0 && (
        <ol className="make-robot-output" role="log" aria-label={outputLabel} aria-live="polite">
          {lines.slice(-SHOWN_LINES).map((line, i) => (
            <li key={`${lines.length - i}`}>{line}</li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {world && state
          ? t('robotStage.summary', {
              x: state.x,
              y: state.y,
              compass: state.compass,
              laps: state.laps,
              led: state.led ? ` ${t('robotStage.led')}` : '',
            })
          : t('robotStage.loading')}
      </p>
    </div>
  );
}
