/**
 * Adam (β 0.9 / 0.98) with the gradients' global norm clipped, for models built from TF.js operations (the
 * poet, the painter): one step takes the loss as a function of the variables and returns its value.
 * Clipping keeps one unlucky batch from throwing a small model far off.
 */
import type * as TF from '@tensorflow/tfjs';

type Tf = typeof TF;

export interface ClippedAdam {
  /** One step on `loss` at this learning rate; returns the loss before the step. */
  step(loss: () => TF.Scalar, learningRate: number): number;
  dispose(): void;
}

export function clippedAdam(tf: Tf, variables: TF.Variable[], clipNorm = 1): ClippedAdam {
  const optimizer = tf.train.adam(1e-3, 0.9, 0.98, 1e-8);
  return {
    step(loss, learningRate) {
      (optimizer as unknown as { learningRate: number }).learningRate = learningRate;
      return tf.tidy(() => {
        const { value, grads } = tf.variableGrads(loss, variables);
        const norm = Math.sqrt(
          Object.values(grads).reduce((sum, g) => sum + (tf.sum(tf.square(g)).dataSync()[0] ?? 0), 0),
        );
        const scale = norm > clipNorm ? clipNorm / norm : 1;
        optimizer.applyGradients(
          Object.entries(grads).map(([name, g]) => ({ name, tensor: tf.mul(g, scale) })),
        );
        return value.dataSync()[0]!;
      });
    },
    dispose: () => optimizer.dispose(),
  };
}

/** Warm up linearly for `warmup` steps, then follow a cosine down to `to` at `total`. */
export function warmupCosine(
  from: number,
  to: number,
  warmup: number,
  total: number,
): (step: number) => number {
  return (step) => {
    if (step < warmup) return (from * (step + 1)) / warmup;
    const progress = Math.min(1, (step - warmup) / Math.max(1, total - warmup));
    return to + ((from - to) * (1 + Math.cos(Math.PI * progress))) / 2;
  };
}
