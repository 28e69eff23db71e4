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
import type { RobotTarget } from './robot-host.ts';
import { DEFAULT_ARENA } from './robot-needs.ts';

export const loadRobotWorld = onDemand(() => import('../../../lib/robot-world/robot-world.ts'));

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

  /** Steps the world in real time until `signal` ends the run; then every motor stops. */
  drive(signal: AbortSignal): void {
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
      },
      { once: true },
    );
  }
}
