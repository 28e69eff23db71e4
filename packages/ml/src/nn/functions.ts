/**
 * The small functions a neural network is made of: activations (what a neuron does with the weighted sum of
 * its inputs), the error of one prediction, and the weight penalties of regularisation. Each comes with its
 * derivative, because training (back propagation) is the chain rule applied to these functions.
 */

/** A function and its derivative, both of one number. */
export interface DifferentiableFunction {
  /** f(x) */
  output: (x: number) => number;
  /** f′(x), the slope of f at x */
  der: (x: number) => number;
}

/** An error function: how far `output` is from `target`, and d error / d output. */
export interface ErrorFunction {
  error: (output: number, target: number) => number;
  der: (output: number, target: number) => number;
}

export const ACTIVATION_NAMES = ['relu', 'tanh', 'sigmoid', 'linear'] as const;
export type ActivationName = (typeof ACTIVATION_NAMES)[number];

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Activations. Without a non-linear activation a stack of layers is still one linear function (a straight
 * boundary); tanh, sigmoid and ReLU bend it.
 * - ReLU: max(0, x); slope 1 for x > 0, else 0 (a "dead" neuron stops learning when its input stays < 0).
 * - tanh: S-shaped in (-1, 1), slope 1 − tanh²(x), largest at 0.
 * - sigmoid: S-shaped in (0, 1), slope σ(x)(1 − σ(x)), at most 0.25 (so it learns more slowly).
 * - linear: x, slope 1.
 */
export const ACTIVATIONS: Record<ActivationName, DifferentiableFunction> = {
  relu: { output: (x) => Math.max(0, x), der: (x) => (x <= 0 ? 0 : 1) },
  tanh: {
    output: (x) => Math.tanh(x),
    der: (x) => {
      const t = Math.tanh(x);
      return 1 - t * t;
    },
  },
  sigmoid: {
    output: sigmoid,
    der: (x) => {
      const s = sigmoid(x);
      return s * (1 - s);
    },
  },
  linear: { output: (x) => x, der: () => 1 },
};

/**
 * Square error ½(output − target)², slope output − target. The ½ makes the slope simple; the loss shown in
 * the playground is the mean of this over a data set (labels are −1 and +1, so predicting 0 everywhere scores
 * 0.5 and a perfect network 0).
 */
export const SQUARE_ERROR: ErrorFunction = {
  error: (output, target) => 0.5 * (output - target) ** 2,
  der: (output, target) => output - target,
};

export const REGULARIZATION_NAMES = ['none', 'L1', 'L2'] as const;
export type RegularizationName = (typeof REGULARIZATION_NAMES)[number];

/**
 * Penalties on the size of a weight, added to the loss so that training prefers small weights (simpler,
 * smoother boundaries that overfit less).
 * - L1: |w|, slope sign(w): pushes every weight towards 0 by the same step, so unimportant weights become
 *   exactly 0 (the link dies) — a sparse network.
 * - L2: ½w², slope w: shrinks big weights most, rarely to exactly 0 — a smooth network.
 */
export const REGULARIZATIONS: Record<Exclude<RegularizationName, 'none'>, DifferentiableFunction> = {
  L1: { output: (w) => Math.abs(w), der: (w) => (w < 0 ? -1 : w > 0 ? 1 : 0) },
  L2: { output: (w) => 0.5 * w * w, der: (w) => w },
};
