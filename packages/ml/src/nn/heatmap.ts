/**
 * Heat maps: a neuron's output over a grid of the plane, the pictures the playground draws. One forward pass
 * per grid cell yields every neuron's map at once, so the cost is resolution² forward passes per frame
 * (40 × 40 = 1 600 for a whole network), cheap enough to redraw on every animation frame.
 */
import { DOMAIN } from './datasets.ts';
import { featureValuesInto, type FeatureId } from './features.ts';
import { forwardProp, outputNeuron, type Network } from './network.ts';

export interface Heatmaps {
  resolution: number;
  /**
   * Per neuron id (inputs by feature id), resolution² values in [−1, 1], row by row from the top (x2 = +6)
   * and left to right (x1 = −6). Inputs are scaled by their largest magnitude (x1² reaches 36); hidden
   * neurons by theirs when it exceeds 1 (ReLU and linear outputs are unbounded); the output is as computed.
   */
  neurons: Map<string, Float32Array>;
  /** The output neuron's map (also in `neurons`). */
  output: Float32Array;
}

/** The centre of grid cell `i` (0 … resolution − 1) along an axis running from −DOMAIN to +DOMAIN. */
export function cellCentre(i: number, resolution: number): number {
  return -DOMAIN + ((i + 0.5) * 2 * DOMAIN) / resolution;
}

export function computeHeatmaps(
  network: Network,
  features: readonly FeatureId[],
  resolution: number,
): Heatmaps {
  const neurons = new Map<string, Float32Array>();
  const layers = network.map((layer) =>
    layer.map((n) => ({ neuron: n, map: new Float32Array(resolution ** 2) })),
  );
  for (const layer of layers) for (const { neuron, map } of layer) neurons.set(neuron.id, map);
  const all = layers.flat();
  const inputs: number[] = [];

  for (let row = 0; row < resolution; row++) {
    const x2 = -cellCentre(row, resolution);
    for (let col = 0; col < resolution; col++) {
      const x1 = cellCentre(col, resolution);
      forwardProp(network, featureValuesInto(features, x1, x2, inputs));
      const cell = row * resolution + col;
      for (const { neuron, map } of all) map[cell] = neuron.output;
    }
  }

  const last = layers.length - 1;
  layers.forEach((layer, layerIdx) => {
    if (layerIdx === last) return;
    for (const { map } of layer) {
      let max = 0;
      for (const v of map) max = Math.max(max, Math.abs(v));
      const scale = layerIdx === 0 ? max : Math.max(1, max);
      if (scale > 0 && scale !== 1) for (let i = 0; i < map.length; i++) map[i] = (map[i] ?? 0) / scale;
    }
  });

  const output = neurons.get(outputNeuron(network).id) ?? new Float32Array(resolution ** 2);
  return { resolution, neurons, output };
}
