/**
 * The lab's engine room, outside React: one animation loop that advances the pure simulation from
 * `@ai-edu/ml` with a fixed time step and draws it. Frame rate only decides how often we draw; the simulation
 * advances by whole 1/60 s steps (1×, 5×, 20× of real time, or as many as fit in a frame at "max"), so the
 * same seed gives the same run on any machine. React subscribes to small snapshots (useSyncExternalStore).
 */
import { FLAPPY, FlappyWorld } from '@ai-edu/ml/flappy/index.ts';
import {
  DEFAULT_BREED_OPTIONS,
  FLAP_THRESHOLD,
  FlappyEvolution,
  type GenerationStats,
} from '@ai-edu/ml/neuroevolution/index.ts';
import { FLAPPY_LAB, type Mode, type Speed } from '../meta.ts';
import { fitCanvas } from './canvas.ts';
import { drawNetwork, type NetworkLabels } from './network-view.ts';
import { drawScene, type SceneBird } from './scene.ts';

export interface RunSettings {
  seed: number;
  populationSize: number;
  mutationRate: number;
}

export type Phase = 'ready' | 'playing' | 'over';

export interface Snapshot {
  mode: Mode;
  /** Play mode. */
  phase: Phase;
  score: number;
  best: number;
  newRecord: boolean;
  /** AI mode. */
  running: boolean;
  speed: Speed;
  generation: number;
  alive: number;
  population: number;
  aiScore: number;
  bestEver: number;
  history: readonly GenerationStats[];
}

const STEP_MS = 1000 / FLAPPY.STEPS_PER_SECOND;
/** React hears about fast-changing numbers (alive, score) at most this often. */
const PUBLISH_MS = 100;

export function createEvolution(settings: RunSettings): FlappyEvolution {
  return new FlappyEvolution({
    seed: settings.seed,
    populationSize: settings.populationSize,
    hidden: FLAPPY_LAB.hidden,
    maxScore: FLAPPY_LAB.maxScore,
    breed: { ...DEFAULT_BREED_OPTIONS, mutationRate: settings.mutationRate },
  });
}

/**
 * Whether a key event comes from a control that needs the key itself: text fields, sliders, buttons, links.
 * Radio buttons (the mode and speed switches) do not: Space there would only re-select the checked option.
 */
function fromControl(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return target.type !== 'radio' && target.type !== 'checkbox';
  return Boolean(target.closest('textarea, select, button, a[href], [role="slider"], [role="spinbutton"]'));
}

export class FlappyController {
  private settings: RunSettings;
  private mode: Mode = 'play';
  // Play mode.
  private game: FlappyWorld;
  private phase: Phase = 'ready';
  private pendingFlap = false;
  private best = 0;
  private newRecord = false;
  private crashedAt = 0;
  private flash = 0;
  // AI mode.
  private evolution: FlappyEvolution;
  private running = false;
  private speed: Speed = 1;
  private bestEver = 0;
  // Loop and canvases.
  private frame = 0;
  private lastTime = 0;
  private backlog = 0;
  private clock = 0;
  private stage: HTMLCanvasElement | null = null;
  private networkCanvas: HTMLCanvasElement | null = null;
  private labels: NetworkLabels = { inputs: [], hidden: '', output: '', flap: '' };
  // Snapshots.
  private snapshot: Snapshot;
  private listeners = new Set<() => void>();
  private lastPublish = 0;
  private dirty = false;
  /** The evolution whose history the snapshot copied (a reset starts a new history). */
  private historyOf: FlappyEvolution | null = null;

  constructor(settings: RunSettings) {
    this.settings = settings;
    this.game = new FlappyWorld(settings.seed);
    this.evolution = createEvolution(settings);
    this.snapshot = this.makeSnapshot();
  }

  // ---- React side ----

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Snapshot => this.snapshot;

  private makeSnapshot(): Snapshot {
    const world = this.evolution.world;
    return {
      mode: this.mode,
      phase: this.phase,
      score: this.game.score,
      best: this.best,
      newRecord: this.newRecord,
      running: this.running,
      speed: this.speed,
      generation: this.evolution.generation,
      alive: world.alive,
      population: world.birds.length,
      aiScore: world.score,
      bestEver: this.bestEver,
      history: this.currentHistory(),
    };
  }

  private currentHistory(): readonly GenerationStats[] {
    const previous = this.historyOf === this.evolution ? this.snapshot.history : null;
    if (previous && previous.length === this.evolution.history.length) return previous;
    this.historyOf = this.evolution;
    return [...this.evolution.history];
  }

  /** Publishes a new snapshot now (`force`) or when the throttle allows. */
  private publish(force = false): void {
    const now = performance.now();
    if (!force && now - this.lastPublish < PUBLISH_MS) {
      this.dirty = true;
      return;
    }
    this.dirty = false;
    this.lastPublish = now;
    const next = this.makeSnapshot();
    const prev = this.snapshot;
    const same = (Object.keys(next) as (keyof Snapshot)[]).every((k) => next[k] === prev[k]);
    if (same) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  /** The game canvas (a callback ref). */
  setStage = (canvas: HTMLCanvasElement | null): void => {
    this.stage = canvas;
  };

  /** The network canvas (a callback ref); drawn only while it is mounted. */
  setNetworkCanvas = (canvas: HTMLCanvasElement | null): void => {
    this.networkCanvas = canvas;
  };

  setLabels(labels: NetworkLabels): void {
    this.labels = labels;
  }

  // ---- Loop ----

  /** Starts the animation loop and the keyboard listener (idempotent). */
  start(): void {
    if (this.frame) return;
    this.lastTime = performance.now();
    this.backlog = 0;
    window.addEventListener('keydown', this.onKey);
    this.frame = requestAnimationFrame(this.tick);
  }

  /** Stops the loop and removes listeners; `start` may be called again. */
  stop(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    window.removeEventListener('keydown', this.onKey);
  }

  private tick = (now: number): void => {
    // A hidden tab or a long pause must not make the game jump ahead: at most 100 ms are caught up.
    const elapsed = Math.min(100, Math.max(0, now - this.lastTime));
    this.lastTime = now;
    this.backlog += elapsed;
    const ticks = Math.floor(this.backlog / STEP_MS);
    this.backlog -= ticks * STEP_MS;
    this.clock += ticks;
    if (this.mode === 'play') this.advancePlay(ticks, now);
    else this.advanceEvolution(ticks);
    this.flash = Math.max(0, this.flash - elapsed / 300);
    this.draw();
    if (this.dirty) this.publish();
    this.frame = requestAnimationFrame(this.tick);
  };

  // ---- Play mode ----

  private advancePlay(ticks: number, now: number): void {
    for (let i = 0; i < ticks && this.phase === 'playing'; i++) {
      this.game.step(() => {
        const flap = this.pendingFlap;
        this.pendingFlap = false;
        return flap;
      });
      const bird = this.game.birds[0]!;
      if (!bird.alive) {
        this.phase = 'over';
        this.crashedAt = now;
        this.flash = 1;
        this.newRecord = bird.score > this.best;
        this.best = Math.max(this.best, bird.score);
        this.publish(true);
        return;
      }
      if (bird.score !== this.snapshot.score) this.publish(true);
    }
  }

  /** A flap from the keyboard, a click or a tap: starts, flaps, or (after a short pause) restarts. */
  flap = (): void => {
    if (this.mode !== 'play') return;
    if (this.phase === 'ready') {
      this.phase = 'playing';
      this.pendingFlap = true;
      this.publish(true);
    } else if (this.phase === 'playing') {
      this.pendingFlap = true;
    } else if (performance.now() - this.crashedAt >= FLAPPY_LAB.restartDelayMs) {
      this.restart();
    }
  };

  /** A new game on the seed's course, waiting for the first flap. */
  restart(): void {
    this.game = new FlappyWorld(this.settings.seed);
    this.phase = 'ready';
    this.pendingFlap = false;
    this.newRecord = false;
    this.flash = 0;
    this.publish(true);
  }

  private onKey = (event: KeyboardEvent): void => {
    // Holding the key down is not flapping: every flap is its own press.
    if (event.repeat) return;
    const flapKey = event.code === 'Space' || event.code === 'ArrowUp' || event.code === 'KeyW';
    if (!flapKey || event.altKey || event.ctrlKey || event.metaKey || fromControl(event.target)) return;
    event.preventDefault();
    if (this.mode === 'play') this.flap();
    else if (event.code === 'Space') this.setRunning(!this.running);
  };

  // ---- AI mode ----

  private advanceEvolution(ticks: number): void {
    if (!this.running) return;
    const evolution = this.evolution;
    const step = () => {
      const stats = evolution.step();
      if (stats) this.bestEver = Math.max(this.bestEver, stats.best);
    };
    if (this.speed === 'max') {
      const start = performance.now();
      do {
        for (let i = 0; i < 100; i++) step();
      } while (performance.now() - start < FLAPPY_LAB.maxFrameBudgetMs);
    } else {
      for (let i = 0; i < ticks * this.speed; i++) step();
    }
    this.bestEver = Math.max(this.bestEver, evolution.world.score);
    this.publish();
  }

  setMode(mode: Mode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    if (mode === 'play') {
      this.running = false;
      this.restart();
    }
    this.publish(true);
  }

  setRunning(running: boolean): void {
    this.running = running;
    this.lastTime = performance.now();
    this.publish(true);
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    this.publish(true);
  }

  /** New settings: a fresh evolution from generation 1 and a new course for the player. */
  configure(settings: RunSettings): void {
    this.settings = settings;
    this.evolution = createEvolution(settings);
    this.bestEver = 0;
    this.best = 0;
    if (this.phase !== 'playing') this.restart();
    this.publish(true);
  }

  /** Back to generation 1 with the same settings. */
  resetEvolution(): void {
    this.configure(this.settings);
  }

  // ---- Drawing ----

  private draw(): void {
    const stage = this.stage;
    if (!stage) return;
    const fitted = fitCanvas(stage);
    if (fitted) {
      const { ctx, width } = fitted;
      const scale = width / FLAPPY.WIDTH;
      ctx.scale(scale, scale);
      if (this.mode === 'play') this.drawPlay(ctx);
      else this.drawEvolution(ctx);
    }
    // For tests and assistive tech: the state in plain attributes.
    const bird =
      this.mode === 'play' ? this.game.birds[0]! : this.evolution.world.birds[this.evolution.leader()]!;
    stage.dataset.phase = this.mode === 'play' ? this.phase : this.running ? 'evolving' : 'paused';
    stage.dataset.birdY = bird.y.toFixed(1);
  }

  private drawPlay(ctx: CanvasRenderingContext2D): void {
    const bird = this.game.birds[0]!;
    const ready = this.phase === 'ready';
    drawScene(ctx, {
      distance: ready ? this.clock * FLAPPY.SPEED : this.game.distance,
      clock: this.clock,
      pipes: ready ? [] : this.game.pipes,
      birds: [
        {
          // Waiting for the first flap, the bird hovers gently.
          y: ready ? FLAPPY.START_Y + Math.sin(this.clock / 9) * 6 : bird.y,
          vy: ready ? 0 : bird.vy,
          alive: bird.alive,
        },
      ],
      score: ready ? null : this.game.score,
      flash: this.flash,
    });
  }

  private drawEvolution(ctx: CanvasRenderingContext2D): void {
    const world = this.evolution.world;
    const leader = this.evolution.leader();
    const birds: SceneBird[] = world.birds.map((bird, i) => ({
      y: bird.y,
      vy: bird.vy,
      alive: bird.alive,
      hue: (i * 137.5) % 360,
      leader: i === leader && bird.alive,
    }));
    drawScene(ctx, {
      distance: world.distance,
      clock: this.clock,
      pipes: world.pipes,
      birds,
      score: world.score,
      flash: 0,
    });
    const net = this.networkCanvas;
    if (net) {
      const fitted = fitCanvas(net);
      if (fitted) {
        drawNetwork(
          fitted.ctx,
          fitted.width,
          fitted.height,
          this.evolution.population[leader]!,
          this.evolution.activations(leader),
          this.labels,
          FLAP_THRESHOLD,
        );
      }
    }
  }
}
