/**
 * A playground experiment: the data, the network and the training loop for a `PlaygroundSettings`. One
 * `step()` is one epoch — every training point is shown once, in batches, with a weight update after each
 * batch. The page drives it (one epoch per animation frame) and reads the losses and the network to draw.
 */
import { splitData, generateDataset, type Example } from './datasets.ts';
import { featureValues, featureValuesInto } from './features.ts';
import { ACTIVATIONS, SQUARE_ERROR } from './functions.ts';
import { backProp, buildNetwork, forwardProp, updateWeights, type Network } from './network.ts';
import type { PlaygroundSettings } from './settings.ts';
import { seededRandom } from '../random.ts';

/** Points in a generated data set. */
export const NUM_SAMPLES = 500;

/** Losses after an epoch (epoch 0: the untrained network). */
export interface LossPoint {
  epoch: number;
  train: number;
  test: number;
}

// Different streams from one seed: the data, its train/test split and the initial weights.
const dataSeed = (seed: number) => seed >>> 0;
const splitSeed = (seed: number) => (seed + 0x9e3779b9) >>> 0;
const weightSeed = (seed: number) => (seed ^ 0x5bd1e995) >>> 0;

/** All points of the experiment's data set (generated from the seed, or the drawn ones). */
export function datasetExamples(settings: PlaygroundSettings): Example[] {
  if (settings.dataset === 'custom') return settings.points.map((p) => ({ ...p }));
  return generateDataset(settings.dataset, NUM_SAMPLES, settings.noise / 100, dataSeed(settings.seed));
}

/** Builds the network the settings describe: features → hidden layers → one tanh output. */
export function networkFor(settings: PlaygroundSettings): Network {
  return buildNetwork({
    shape: [settings.features.length, ...settings.hiddenLayers, 1],
    activation: ACTIVATIONS[settings.activation],
    outputActivation: ACTIVATIONS.tanh,
    inputIds: settings.features,
    rng: seededRandom(weightSeed(settings.seed)),
  });
}

/** Mean square error ½(prediction − label)² over `examples` (NaN for none). */
export function meanLoss(
  network: Network,
  settings: PlaygroundSettings,
  examples: readonly Example[],
): number {
  if (examples.length === 0) return NaN;
  let sum = 0;
  const inputs: number[] = [];
  for (const e of examples) {
    const out = forwardProp(network, featureValuesInto(settings.features, e.x1, e.x2, inputs));
    sum += SQUARE_ERROR.error(out, e.label);
  }
  return sum / examples.length;
}

/** Which settings rebuild what: a changed network shape restarts training; data changes swap the points. */
function networkKey(s: PlaygroundSettings): string {
  return JSON.stringify([s.features, s.hiddenLayers, s.activation, s.seed]);
}
function dataKey(s: PlaygroundSettings): string {
  return JSON.stringify([s.dataset, s.noise, s.trainPercent, s.seed]);
}

/** Loss points kept: beyond this the history is thinned (every other point dropped), first and last kept. */
export const MAX_HISTORY = 2000;

/** Halves a long history, keeping the first and the latest point. */
function thin(history: LossPoint[]): LossPoint[] {
  const last = history.at(-1);
  const kept = history.filter((_, i) => i % 2 === 0);
  if (last && kept.at(-1) !== last) kept.push(last);
  return kept;
}

export class Playground {
  network: Network;
  train: Example[] = [];
  test: Example[] = [];
  epoch = 0;
  history: LossPoint[] = [];
  /** Bumped whenever anything drawable changes (training, reset, new data). */
  version = 0;
  private current: PlaygroundSettings;

  /** `maxHistory`: loss points kept before the history is thinned (a lesson may run for an hour). */
  constructor(
    settings: PlaygroundSettings,
    private readonly maxHistory = MAX_HISTORY,
  ) {
    this.current = settings;
    this.network = networkFor(settings);
    this.loadData();
    this.restart();
  }

  get settings(): PlaygroundSettings {
    return this.current;
  }

  /**
   * Applies new settings. Learning rate, batch size and regularisation apply from the next batch (so a
   * student can change them mid-training and watch the effect). A new data set, noise, split, seed or network
   * shape starts over. Adding drawn points keeps the network and carries on training on the new points.
   * Returns whether training started over.
   */
  update(next: PlaygroundSettings): boolean {
    const prev = this.current;
    this.current = next;
    const restart = networkKey(prev) !== networkKey(next) || dataKey(prev) !== dataKey(next);
    const pointsChanged =
      next.dataset === 'custom' && JSON.stringify(prev.points) !== JSON.stringify(next.points);
    if (restart || pointsChanged) this.loadData();
    if (restart) {
      this.restart();
    } else if (pointsChanged) {
      const last = this.history.at(-1);
      const point = this.losses(this.epoch);
      if (last?.epoch === this.epoch) this.history[this.history.length - 1] = point;
      else this.history.push(point);
      this.version++;
    }
    return restart;
  }

  /** Fresh network from the seed (so a reset replays the same run), epoch 0. */
  restart(): void {
    this.network = networkFor(this.current);
    this.epoch = 0;
    this.history = [this.losses(0)];
    this.version++;
  }

  /** One epoch: each training point forward and back, weights updated after every `batchSize` points. */
  step(): LossPoint {
    const { batchSize, learningRate, regularization, regularizationRate, features } = this.current;
    let inBatch = 0;
    const inputs: number[] = [];
    for (const e of this.train) {
      forwardProp(this.network, featureValuesInto(features, e.x1, e.x2, inputs));
      backProp(this.network, e.label);
      if (++inBatch === batchSize) {
        updateWeights(this.network, learningRate, regularization, regularizationRate);
        inBatch = 0;
      }
    }
    if (inBatch > 0) updateWeights(this.network, learningRate, regularization, regularizationRate);
    this.epoch++;
    const point = this.losses(this.epoch);
    this.history.push(point);
    if (this.history.length > this.maxHistory) this.history = thin(this.history);
    this.version++;
    return point;
  }

  get trainLoss(): number {
    return this.history.at(-1)?.train ?? NaN;
  }

  get testLoss(): number {
    return this.history.at(-1)?.test ?? NaN;
  }

  /** The network's output (−1 … +1) at a point of the plane. */
  predict(x1: number, x2: number): number {
    return forwardProp(this.network, featureValues(this.current.features, x1, x2));
  }

  private loadData(): void {
    const { train, test } = splitData(
      datasetExamples(this.current),
      this.current.trainPercent / 100,
      splitSeed(this.current.seed),
    );
    this.train = train;
    this.test = test;
  }

  private losses(epoch: number): LossPoint {
    return {
      epoch,
      train: meanLoss(this.network, this.current, this.train),
      test: meanLoss(this.network, this.current, this.test),
    };
  }
}
