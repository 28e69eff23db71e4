/**
 * A small fully connected neural network, written out neuron by neuron so that every step of learning can be
 * read (and drawn): the same design as tensorflow/playground's nn.ts.
 *
 * Vocabulary. A neuron j computes its total input zⱼ = bⱼ + Σᵢ wᵢⱼ·aᵢ (the bias plus each incoming link's
 * weight times the output of the neuron it comes from) and its output aⱼ = f(zⱼ) with an activation f. The
 * first layer holds the input features (no weights); the last layer is one output neuron whose output is the
 * prediction, compared with the label (−1 or +1) by an error E.
 *
 * Learning is three steps per example, repeated:
 * 1. `forwardProp`: compute every z and a, layer by layer, from the inputs to the output.
 * 2. `backProp`: compute how the error changes with every weight and bias (∂E/∂w), from the output back to
 *    the inputs, by the chain rule — each neuron passes back ∂E/∂z to the neurons that fed it.
 * 3. `updateWeights` (after a batch of examples): move every weight a small step (the learning rate) against
 *    its average ∂E/∂w, downhill on the error surface; with regularisation also towards 0.
 */
import type { Rng } from '../random.ts';
import {
  REGULARIZATIONS,
  SQUARE_ERROR,
  type DifferentiableFunction,
  type ErrorFunction,
  type RegularizationName,
} from './functions.ts';

/** A weighted connection from `source` (one layer) to `dest` (the next layer). */
export interface Link {
  /** "source-dest", e.g. "x1-1_0" */
  id: string;
  source: Neuron;
  dest: Neuron;
  weight: number;
  /** Set when L1 regularisation drove the weight through 0: the link stays 0 from then on. */
  isDead: boolean;
  /** ∂E/∂w for the last example. */
  errorDer: number;
  /** Sum of ∂E/∂w over the examples of the current batch. */
  accErrorDer: number;
  numAccumulatedDers: number;
}

/** One neuron (or, in the first layer, one input feature). */
export interface Neuron {
  /** Input neurons are named after their feature ("x1"); others "layer_index", e.g. "1_0". */
  id: string;
  bias: number;
  /** Links from the previous layer (empty for inputs). */
  inputLinks: Link[];
  /** Links to the next layer (empty for the output). */
  outputs: Link[];
  /** z = bias + Σ w·a over the input links (from the last forward pass). */
  totalInput: number;
  /** a = f(z). */
  output: number;
  /** ∂E/∂a for the last example. */
  outputDer: number;
  /** ∂E/∂z = ∂E/∂a · f′(z) for the last example; it is also ∂E/∂bias. */
  inputDer: number;
  /** Sum of ∂E/∂z over the current batch (for the bias update). */
  accInputDer: number;
  numAccumulatedDers: number;
  activation: DifferentiableFunction;
}

/** Layers of neurons: `network[0]` are the inputs, the last layer is the output neuron. */
export type Network = Neuron[][];

function newNeuron(id: string, activation: DifferentiableFunction, bias: number): Neuron {
  return {
    id,
    bias,
    inputLinks: [],
    outputs: [],
    totalInput: 0,
    output: 0,
    outputDer: 0,
    inputDer: 0,
    accInputDer: 0,
    numAccumulatedDers: 0,
    activation,
  };
}

export interface BuildOptions {
  /** Neurons per layer, inputs first and output last, e.g. [2, 4, 2, 1]. */
  shape: readonly number[];
  /** Activation of the hidden neurons. */
  activation: DifferentiableFunction;
  /** Activation of the output neuron (tanh: a prediction in (−1, 1), like the labels). */
  outputActivation: DifferentiableFunction;
  /** Names of the input neurons (the features), one per input. */
  inputIds: readonly string[];
  /** Random source for the initial weights: the same seed builds the same network. */
  rng: Rng;
  /** Initial bias of every neuron (a small positive bias keeps ReLU neurons alive at the start). */
  initialBias?: number;
}

/**
 * Builds a fully connected network: every neuron of one layer is linked to every neuron of the next. Weights
 * start small and random (uniform in [−0.5, 0.5]) so that neurons differ from each other; if all started
 * equal they would get equal gradients and stay copies forever.
 */
export function buildNetwork({
  shape,
  activation,
  outputActivation,
  inputIds,
  rng,
  initialBias = 0.1,
}: BuildOptions): Network {
  if (shape.length < 2) throw new Error('a network needs an input and an output layer');
  if (inputIds.length !== shape[0]) throw new Error('one input id per input neuron');
  const network: Network = [];
  shape.forEach((size, layerIdx) => {
    const isInput = layerIdx === 0;
    const isOutput = layerIdx === shape.length - 1;
    const layer: Neuron[] = [];
    for (let i = 0; i < size; i++) {
      const id = isInput ? (inputIds[i] ?? `0_${i}`) : `${layerIdx}_${i}`;
      const neuron = newNeuron(id, isOutput ? outputActivation : activation, initialBias);
      const previous = network[layerIdx - 1];
      if (previous) {
        for (const source of previous) {
          const link: Link = {
            id: `${source.id}-${id}`,
            source,
            dest: neuron,
            weight: rng() - 0.5,
            isDead: false,
            errorDer: 0,
            accErrorDer: 0,
            numAccumulatedDers: 0,
          };
          source.outputs.push(link);
          neuron.inputLinks.push(link);
        }
      }
      layer.push(neuron);
    }
    network.push(layer);
  });
  return network;
}

/** The output neuron. */
export function outputNeuron(network: Network): Neuron {
  const neuron = network.at(-1)?.[0];
  if (!neuron) throw new Error('empty network');
  return neuron;
}

/**
 * Forward propagation: puts `inputs` into the first layer, then for each later layer computes
 * z = bias + Σ w·a and a = f(z) from the layer before. Returns the output neuron's a (the prediction).
 */
export function forwardProp(network: Network, inputs: readonly number[]): number {
  const inputLayer = network[0];
  if (!inputLayer || inputs.length !== inputLayer.length) {
    throw new Error('the number of inputs must match the input layer');
  }
  for (let i = 0; i < inputLayer.length; i++) (inputLayer[i] as Neuron).output = inputs[i] ?? 0;
  for (let layerIdx = 1; layerIdx < network.length; layerIdx++) {
    for (const neuron of network[layerIdx] ?? []) {
      let z = neuron.bias;
      for (const link of neuron.inputLinks) z += link.weight * link.source.output;
      neuron.totalInput = z;
      neuron.output = neuron.activation.output(z);
    }
  }
  return outputNeuron(network).output;
}

/**
 * Back propagation for the example last passed to `forwardProp`, with label `target`. Walking from the output
 * back to the first hidden layer, it uses the chain rule:
 * - at the output: ∂E/∂a = E′(a, target) (for square error, a − target);
 * - for each neuron: ∂E/∂z = ∂E/∂a · f′(z) — this is also ∂E/∂bias, since z = bias + …;
 * - for each incoming link: ∂E/∂w = ∂E/∂z · a_source (the weight mattered as much as its input was large);
 * - for the neuron before: ∂E/∂a_source = Σ over its outgoing links of w · ∂E/∂z_dest.
 * The derivatives are added to the batch accumulators, which `updateWeights` spends.
 */
export function backProp(network: Network, target: number, errorFunc: ErrorFunction = SQUARE_ERROR): void {
  const output = outputNeuron(network);
  output.outputDer = errorFunc.der(output.output, target);
  for (let layerIdx = network.length - 1; layerIdx >= 1; layerIdx--) {
    const layer = network[layerIdx] ?? [];
    for (const neuron of layer) {
      neuron.inputDer = neuron.outputDer * neuron.activation.der(neuron.totalInput);
      neuron.accInputDer += neuron.inputDer;
      neuron.numAccumulatedDers++;
      for (const link of neuron.inputLinks) {
        if (link.isDead) continue;
        link.errorDer = neuron.inputDer * link.source.output;
        link.accErrorDer += link.errorDer;
        link.numAccumulatedDers++;
      }
    }
    if (layerIdx === 1) continue; // the inputs have no weights behind them
    for (const neuron of network[layerIdx - 1] ?? []) {
      let der = 0;
      for (const link of neuron.outputs) der += link.weight * link.dest.inputDer;
      neuron.outputDer = der;
    }
  }
}

/**
 * Gradient descent after a batch: every bias and weight moves by −learningRate × (its average ∂E/∂· over the
 * batch), then the accumulators are cleared. With regularisation, each weight also moves by
 * −learningRate × regularizationRate × penalty′(w) towards 0; under L1 a weight that crosses 0 is set to 0
 * and its link marked dead (L1 makes sparse networks by switching links off).
 */
export function updateWeights(
  network: Network,
  learningRate: number,
  regularization: RegularizationName,
  regularizationRate: number,
): void {
  const penalty =
    regularization === 'none' || regularizationRate <= 0 ? null : REGULARIZATIONS[regularization];
  for (let layerIdx = 1; layerIdx < network.length; layerIdx++) {
    for (const neuron of network[layerIdx] ?? []) {
      if (neuron.numAccumulatedDers > 0) {
        neuron.bias -= (learningRate * neuron.accInputDer) / neuron.numAccumulatedDers;
        neuron.accInputDer = 0;
        neuron.numAccumulatedDers = 0;
      }
      for (const link of neuron.inputLinks) {
        if (link.isDead) continue;
        if (link.numAccumulatedDers > 0) {
          link.weight -= (learningRate / link.numAccumulatedDers) * link.accErrorDer;
          link.accErrorDer = 0;
          link.numAccumulatedDers = 0;
        }
        if (penalty) {
          const before = link.weight;
          const after = before - learningRate * regularizationRate * penalty.der(before);
          if (regularization === 'L1' && before * after < 0) {
            link.weight = 0;
            link.isDead = true;
          } else {
            link.weight = after;
          }
        }
      }
    }
  }
}

/** Calls `fn` for every neuron after the inputs (every neuron that has a bias and input links). */
export function forEachNeuron(network: Network, fn: (neuron: Neuron, layerIdx: number) => void): void {
  for (let layerIdx = 1; layerIdx < network.length; layerIdx++) {
    for (const neuron of network[layerIdx] ?? []) fn(neuron, layerIdx);
  }
}
