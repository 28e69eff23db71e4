/**
 * A run's robot (issue 27): the robot world the stage shows and the program drives, stepped at a fixed 60
 * steps a second of simulated time while the program runs (however fast the screen redraws), or a real robot
 * (a micro:bit) put in its place. Each run starts from a fresh world in the program's arena; when the run
 * ends, every motor stops. The physics (planck) loads with the first robot program, not with /make.
 */
import type { ArenaId } from '../../../lib/robot-world/arenas.ts';
import type { RobotBody } from '../../../lib/robot-world/robot-body.ts';
import type { RobotWorld } from '../../../lib/robot-world/robot-world.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { connectedRobot } from '../../../lib/robot-world/connected-robot.ts';
import type { RobotTarget } from './robot-host.ts';
import { DEFAULT_ARENA } from './robot-needs.ts';

export const loadRobotWorld = onDemand(() =>
  Promise.all([
    import('../../../lib/robot-world/robot-world.ts'),
    import('../../../lib/robot-world/world-drawing.ts'),
  ]).then(([world, drawing]) => ({ ...world, ...drawing })),
);

/** At most this many physics steps a frame: a tab that slept does not fast-forward its robots. */
const MAX_STEPS_A_FRAME = 6;

export class RobotRun implements RobotTarget {
  world: RobotWorld | null = null;
  arena: ArenaId = DEFAULT_ARENA;
  /** A real robot driven instead of the world's (features/embodiment/microbit), or null. */
  external: RobotBody | null = null;
  /** Bumped when the world is replaced, so the stage redraws its floor. */
  version = 0;
  private module: Awaited<ReturnType<typeof loadRobotWorld>> | null = null;
  private readonly listeners = new Set<() => void>();
  /** The floor drawn once per world, for the camera's pictures. */
  private floor: { world: RobotWorld; picture: HTMLCanvasElement } | null = null;

  get pageSpeaker(): boolean {
    return this.external === null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  /** Loads the physics and shows `arena` (a fresh world when `fresh` or the arena changed). */
  async show(arena: ArenaId, fresh = false): Promise<RobotWorld> {
    this.module ??= await loadRobotWorld();
    if (fresh || !this.world || arena !== this.arena) {
      this.arena = arena;
      this.world = new this.module.RobotWorld(arena);
      this.changed();
    }
    return this.world;
  }

  body(): RobotBody | null {
    return this.external ?? this.world?.robots[0] ?? null;
  }

  useArena(arena: ArenaId): void {
    if (arena !== this.arena) void this.show(arena);
  }

  laps(): number {
    if (this.external) return 0;
    return this.world?.robots[0]?.laps?.laps ?? 0;
  }

  /**
   * What the world's robot sees ahead (lib/robot-world/world-drawing.ts `drawCameraView`), `side` pixels
   * square; null before the world loaded or for a real robot (it has no such camera).
   */
  cameraPicture(side: number): HTMLCanvasElement | null {
    const drawing = this.module;
    const world = this.world;
    const robot = world?.robots[0];
    if (!drawing || !world || !robot || this.external) return null;
    if (this.floor?.world !== world)
      this.floor = { world, picture: drawing.floorPicture(world.arena, drawing.STAGE_SCALE) };
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const g = canvas.getContext('2d');
    if (!g) return null;
    drawing.drawCameraView(g, world, robot, this.floor.picture, drawing.STAGE_SCALE, side);
    return canvas;
  }

  /**
   * Steps the world in real time until `signal` ends the run; then every motor stops. A real robot connected
   * now (a micro:bit, on /embodiment) is the one the blocks drive for this run.
   */
  drive(signal: AbortSignal): void {
    this.external = connectedRobot();
    this.changed();
    let last = performance.now();
    let owed = 0;
    let frame = 0;
    const tick = (now: number) => {
      const world = this.world;
      if (world) {
        owed = Math.min(owed + (now - last) / 1000, MAX_STEPS_A_FRAME / 60);
        while (owed >= 1 / 60) {
          world.step();
          owed -= 1 / 60;
        }
      }
      last = now;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    signal.addEventListener(
      'abort',
      () => {
        cancelAnimationFrame(frame);
        this.world?.stopAll();
        this.external?.setMotors(0, 0);
        this.external?.setLed(null);
        this.external = null;
        this.changed();
      },
      { once: true },
    );
  }
}
