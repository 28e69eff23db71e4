/**
 * The robot's camera as a source of pictures (issue 27, docs/embodiment.md "Robots that see"): a robot in the
 * robot world the student drives (buttons, arrow keys on the map, or a click that puts it there, facing along
 * the road), and beside the map what its forward camera sees — the canvas a trainer records samples from and
 * the studio's "label of the robot's camera" block shows the same model. The robot moves only when told: each
 * drive is a few fixed physics steps, then it stands still, so a sample is exactly the view on the screen.
 * Tests read the robot's place from the map's data-* attributes (`data-robot-x`/`-y` in cm, `data-compass`).
 * Loaded on demand (it brings the physics).
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Button, Select } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { ARENA_IDS, headingAlongLine, type ArenaId } from '../../lib/robot-world/arenas.ts';
import { poseInCm, RobotWorld } from '../../lib/robot-world/robot-world.ts';
import { drawCameraView, drawWorld, floorPicture, STAGE_SCALE } from '../../lib/robot-world/world-drawing.ts';
import { useRobotCameraTexts } from './texts.ts';
import './robot-camera.css';

/** The camera picture's side: the image models' input size, so nothing is scaled twice. */
export const ROBOT_CAMERA_SIDE = 224;
const MAP_WIDTH = 600;
const MAP_HEIGHT = 400;

type Move = 'forward' | 'back' | 'left' | 'right';
/** Each move: the motors' powers and how many 1/60 s steps (about 4 cm ahead, or about 15° of turn). */
const MOVES: Record<Move, { left: number; right: number; steps: number }> = {
  forward: { left: 60, right: 60, steps: 12 },
  back: { left: -60, right: -60, steps: 12 },
  left: { left: -30, right: 30, steps: 8 },
  right: { left: 30, right: -30, steps: 8 },
};
const KEYS: Record<string, Move> = {
  ArrowUp: 'forward',
  ArrowDown: 'back',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};
const ICONS: Record<Move, React.ReactNode> = {
  forward: <ArrowUpOutlined />,
  back: <ArrowDownOutlined />,
  left: <ArrowLeftOutlined />,
  right: <ArrowRightOutlined />,
};

export interface RobotCameraViewProps {
  /** The camera picture's canvas (null when it goes): read it for each sample. */
  onCamera: (canvas: HTMLCanvasElement | null) => void;
  initialArena?: ArenaId;
}

export default function RobotCameraView({ onCamera, initialArena = 'town' }: RobotCameraViewProps) {
  const t = useRobotCameraTexts();
  const [arena, setArena] = useState<ArenaId>(initialArena);
  const world = useMemo(() => new RobotWorld(arena), [arena]);
  const floor = useMemo(() => floorPicture(world.arena, STAGE_SCALE), [world]);
  const map = useRef<HTMLCanvasElement>(null);
  const view = useRef<HTMLCanvasElement>(null);
  // Bumped by each move: the pictures are drawn again and the data-* follow.
  const [moves, setMoves] = useState(0);

  const setView = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      view.current = canvas;
      onCamera(canvas);
    },
    [onCamera],
  );

  useEffect(() => {
    const robot = world.robots[0];
    const g = map.current?.getContext('2d');
    const camera = view.current?.getContext('2d');
    if (!robot || !g || !camera) return;
    drawWorld(g, world, floor, STAGE_SCALE);
    drawCameraView(camera, world, robot, floor, STAGE_SCALE, ROBOT_CAMERA_SIDE);
  }, [world, floor, moves]);

  const move = (which: Move) => {
    const robot = world.robots[0];
    if (!robot) return;
    const { left, right, steps } = MOVES[which];
    robot.setMotors(left, right);
    for (let i = 0; i < steps; i++) world.step();
    // It stands where it got to: no coasting between samples.
    robot.place(robot.pose);
    setMoves((n) => n + 1);
  };

  const placeAt = (event: MouseEvent<HTMLCanvasElement>) => {
    const robot = world.robots[0];
    const canvas = event.currentTarget;
    if (!robot) return;
    const box = canvas.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * (MAP_WIDTH / STAGE_SCALE);
    const y = ((event.clientY - box.top) / box.height) * (MAP_HEIGHT / STAGE_SCALE);
    const heading = headingAlongLine(world.arena, { x, y }) ?? robot.heading;
    robot.place({ x, y, heading });
    // A step lets the physics push it out of a wall it was put into.
    world.step();
    robot.place(robot.pose);
    setMoves((n) => n + 1);
  };

  const onKey = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const which = KEYS[event.key];
    if (!which) return;
    event.preventDefault();
    move(which);
  };

  const robot = world.robots[0];
  const where = robot && poseInCm(robot.pose);
  const arenaName = t(`arenas.${arena}`);
  return (
    <section className="robot-camera" aria-label={t('title')}>
      <p className="robot-camera-hint">{t('hint')}</p>
      <label>
        {t('arena')}{' '}
        <Select
          value={arena}
          onChange={setArena}
          aria-label={t('arena')}
          options={ARENA_IDS.map((id) => ({ value: id, label: t(`arenas.${id}`) }))}
          style={{ minWidth: 140 }}
        />
      </label>
      <div className="robot-camera-views">
        <canvas
          ref={map}
          className="robot-camera-map"
          width={MAP_WIDTH}
          height={MAP_HEIGHT}
          tabIndex={0}
          role="img"
          aria-label={t('map', { arena: arenaName })}
          data-robot-x={where?.x ?? ''}
          data-robot-y={where?.y ?? ''}
          data-compass={where?.compass ?? ''}
          onClick={placeAt}
          onKeyDown={onKey}
        />
        <canvas
          ref={setView}
          className="robot-camera-view"
          width={ROBOT_CAMERA_SIDE}
          height={ROBOT_CAMERA_SIDE}
          role="img"
          aria-label={t('view')}
        />
      </div>
      <div className="robot-camera-drive" role="group" aria-label={t('drive')}>
        {(Object.keys(MOVES) as Move[]).map((which) => (
          <Button key={which} icon={ICONS[which]} onClick={() => move(which)}>
            {t(which)}
          </Button>
        ))}
      </div>
      {where && (
        <p className="visually-hidden" role="status" aria-live="polite">
          {t('where', where)}
        </p>
      )}
    </section>
  );
}
