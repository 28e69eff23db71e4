/**
 * A small fully connected feed-forward network whose weights are its genome: neuroevolution never computes a
 * gradient, it only copies, mixes and perturbs these numbers (see genetic.ts).
 */
import { gaussian, type Rng } from '../random.ts';

/**
 * Layer sizes from input to output, e.g. `[3, 6, 1]`: 3 inputs, one hidden layer of 6 neurons, 1 output.
 */
export type Shape = readonly number[];

/**
 * A network's parameters. For the layer from `shape[l]` neurons to `shape[l + 1]` neurons,
 * `weights[l]` holds `shape[l + 1] × shape[l]` numbers row by row (row j = the weights into neuron j), and
 * `biases[l]` holds `shape[l + 1]` numbers.
 */
export interface Genome {
  readonly shape: Shape;
  readonly weights: Float64Array[];
  readonly biases: Float64Array[];
}

/** An all-zero genome of the given shape. */
export function zeroGenome(shape: Shape): Genome {
  if (shape.length < 2 || shape.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(`invalid network shape [${shape.join(', ')}]`);
  }
  const weights: Float64Array[] = [];
  const biases: Float64Array[] = [];
  for (let l = 0; l + 1 < shape.length; l++) {
    weights.push(new Float64Array(shape[l + 1]! * shape[l]!));
    biases.push(new Float64Array(shape[l + 1]!));
  }
  return { shape: [...shape], weights, biases };
}

/**
 * A random genome: every weight and bias drawn from a normal distribution with deviation `1/√fanIn`
 * (fanIn = the number of inputs of the receiving neuron), so a neuron's summed input starts near deviation 1
 * whatever the layer size, and tanh neurons start neither saturated nor dead.
 */
export function randomGenome(shape: Shape, rng: Rng): Genome {
  const genome = zeroGenome(shape);
  for (let l = 0; l < genome.weights.length; l++) {
    const scale = 1 / Math.sqrt(shape[l]!);
    const w = genome.weights[l]!;
    const b = genome.biases[l]!;
    for (let i = 0; i < w.length; i++) w[i] = gaussian(rng) * scale;
    for (let i = 0; i < b.length; i++) b[i] = gaussian(rng) * scale;
  }
  return genome;
}

/** A deep copy (the arrays are new). */
export function cloneGenome(genome: Genome): Genome {
  return {
    shape: [...genome.shape],
    weights: genome.weights.map((w) => w.slice()),
    biases: genome.biases.map((b) => b.slice()),
  };
}

/** Number of parameters (weights and biases): the length of the genome. */
export function parameterCount(shape: Shape): number {
  let n = 0;
  for (let l = 0; l + 1 < shape.length; l++) n += shape[l + 1]! * (shape[l]! + 1);
  return n;
}

/** The logistic function σ(x) = 1 / (1 + e^(−x)), squashing any number into (0, 1). */
export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Buffers for the activations of every layer (index 0 = the inputs), reused between forward passes. */
export function activationBuffers(shape: Shape): Float64Array[] {
  return shape.map((n) => new Float64Array(n));
}

/**
 * The forward pass. Each neuron j of layer l + 1 computes `z_j = b_j + Σ_i w_ji · a_i` over the activations a of
 * layer l, then `a_j = tanh(z_j)` in the hidden layers and `a_j = σ(z_j)` in the output layer, so the output
 * reads as a probability-like number in (0, 1). Fills `acts` (from `activationBuffers`) and returns the output
 * layer.
 */
export function forward(
  genome: Genome,
  inputs: ArrayLike<number>,
  acts: Float64Array[] = activationBuffers(genome.shape),
): Float64Array {
  const { shape, weights, biases } = genome;
  const input = acts[0]!;
  for (let i = 0; i < shape[0]!; i++) input[i] = inputs[i] ?? 0;
  const last = shape.length - 1;
  for (let l = 0; l < last; l++) {
    const fanIn = shape[l]!;
    const a = acts[l]!;
    const out = acts[l + 1]!;
    const w = weights[l]!;
    const b = biases[l]!;
    for (let j = 0; j < out.length; j++) {
      let z = b[j]!;
      const row = j * fanIn;
      for (let i = 0; i < fanIn; i++) z += w[row + i]! * a[i]!;
      out[j] = l + 1 === last ? sigmoid(z) : Math.tanh(z);
    }
  }
  return acts[last]!;
}
