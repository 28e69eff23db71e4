/**
 * The running experiment outside React: a `Playground` (from `@ai-edu/ml/nn`) trained one epoch per animation
 * frame while playing, and an immutable snapshot that components read with useSyncExternalStore.
 *
 * Keeping the page responsive: the heat maps (every neuron, 40 × 40 forward passes) are recomputed only as
 * often as they fit a frame budget, and when frames get slow (a big network, a weak school PC) the snapshot
 * goes to React only every few epochs, so cheap training-only frames come in between the expensive redraws.
 */
import {
  computeHeatmaps,
  Playground,
  type Example,
  type Heatmaps,
  type LossPoint,
  type Network,
  type PlaygroundSettings,
} from '@ai-edu/ml/nn/index.ts';
import { HEATMAP_BUDGET_MS, HEATMAP_RESOLUTION } from './meta.ts';

export interface LinkView {
  id: string;
  source: string;
  dest: string;
  weight: number;
  dead: boolean;
}

export interface Snapshot {
  playing: boolean;
  epoch: number;
  trainLoss: number;
  testLoss: number;
  /** Loss after each epoch; a new array whenever it grows. */
  history: readonly LossPoint[];
  heatmaps: Heatmaps;
  /** Neuron ids per layer (inputs first); the same array until the network is rebuilt. */
  layers: readonly (readonly string[])[];
  links: readonly LinkView[];
  train: readonly Example[];
  test: readonly Example[];
}

/** A frame slower than this means the page is struggling: redraw less often. */
const SLOW_FRAME_MS = 45;
/** Faster than this: there is room to redraw more often again. */
const FAST_FRAME_MS = 25;
const MAX_SKIP = 6;

export class PlaygroundStore {
  private readonly pg: Playground;
  private snapshot: Snapshot;
  private readonly listeners = new Set<() => void>();
  private playing = false;
  private frame = 0;
  private heatmaps: Heatmaps;
  private mapsEvery = 1;
  private framesSinceMaps = 0;
  /** Publish to React every `uiEvery` epochs while playing (adapted to the frame time). */
  private uiEvery = 1;
  private framesSinceUi = 0;
  private lastFrameAt = 0;
  private lastPublishFrame = false;
  private layersOf: { network: Network; layers: string[][] } | undefined;

  constructor(settings: PlaygroundSettings) {
    this.pg = new Playground(settings);
    this.heatmaps = this.computeMaps();
    this.snapshot = this.makeSnapshot();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): Snapshot => this.snapshot;

  /** New settings from the URL: live ones apply at once, others restart (see Playground.update). */
  setSettings(settings: PlaygroundSettings): void {
    if (settings === this.pg.settings) return;
    this.pg.update(settings);
    this.publish(true);
  }

  /** A whole new experiment (a lesson's preset): its settings, from its first epoch, running. */
  load(settings: PlaygroundSettings): void {
    this.pg.update(settings);
    this.pg.restart();
    this.publish(true);
    this.play();
  }

  play(): void {
    if (this.playing) return;
    this.playing = true;
    this.lastFrameAt = 0;
    this.uiEvery = 1;
    this.frame = requestAnimationFrame(this.tick);
    this.publish(false);
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.frame);
    this.publish(true);
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  /** One epoch by hand (pauses first, so the student controls every step). */
  step(): void {
    this.pause();
    this.pg.step();
    this.publish(true);
  }

  /** Back to the initial weights of this seed: the same run can be replayed with one setting changed. */
  reset(): void {
    this.pg.restart();
    this.publish(true);
  }

  /** Stops the loop (the page is leaving). */
  dispose(): void {
    this.playing = false;
    cancelAnimationFrame(this.frame);
  }

  private readonly tick = (now: number): void => {
    if (!this.playing) return;
    // The time since the last frame includes React's render and the browser's paint of that frame.
    if (this.lastFrameAt > 0 && this.lastPublishFrame) {
      const took = now - this.lastFrameAt;
      if (took > SLOW_FRAME_MS) this.uiEvery = Math.min(MAX_SKIP, this.uiEvery + 1);
      else if (took < FAST_FRAME_MS) this.uiEvery = Math.max(1, Math.floor(this.uiEvery / 2));
    }
    this.lastFrameAt = now;
    this.pg.step();
    this.lastPublishFrame = ++this.framesSinceUi >= this.uiEvery;
    if (this.lastPublishFrame) {
      this.framesSinceUi = 0;
      this.publish(false);
    }
    this.frame = requestAnimationFrame(this.tick);
  };

  private computeMaps(): Heatmaps {
    const started = performance.now();
    const maps = computeHeatmaps(this.pg.network, this.pg.settings.features, HEATMAP_RESOLUTION);
    const took = performance.now() - started;
    this.mapsEvery = Math.max(1, Math.min(10, Math.ceil(took / HEATMAP_BUDGET_MS)));
    return maps;
  }

  private publish(forceMaps: boolean): void {
    if (forceMaps || ++this.framesSinceMaps >= this.mapsEvery) {
      this.heatmaps = this.computeMaps();
      this.framesSinceMaps = 0;
    }
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private layers(): string[][] {
    const { network } = this.pg;
    if (this.layersOf?.network !== network) {
      this.layersOf = { network, layers: network.map((layer) => layer.map((n) => n.id)) };
    }
    return this.layersOf.layers;
  }

  private makeSnapshot(): Snapshot {
    const links: LinkView[] = [];
    for (const layer of this.pg.network) {
      for (const neuron of layer) {
        for (const link of neuron.inputLinks) {
          links.push({
            id: link.id,
            source: link.source.id,
            dest: link.dest.id,
            weight: link.weight,
            dead: link.isDead,
          });
        }
      }
    }
    return {
      playing: this.playing,
      epoch: this.pg.epoch,
      trainLoss: this.pg.trainLoss,
      testLoss: this.pg.testLoss,
      history: [...this.pg.history],
      heatmaps: this.heatmaps,
      layers: this.layers(),
      links,
      train: this.pg.train,
      test: this.pg.test,
    };
  }
}
