/** Heat maps of the input features themselves: they never change, so they are computed once. */
import { cellCentre, FEATURE_IDS, FEATURES, type FeatureId } from '@ai-edu/ml/nn/index.ts';

let cache: { resolution: number; maps: Map<FeatureId, Float32Array> } | undefined;

/** Each feature over the plane, scaled by its largest magnitude to [−1, 1]. */
export function featureMaps(resolution: number): Map<FeatureId, Float32Array> {
  if (cache?.resolution === resolution) return cache.maps;
  const maps = new Map<FeatureId, Float32Array>();
  for (const id of FEATURE_IDS) {
    const map = new Float32Array(resolution * resolution);
    let max = 0;
    for (let row = 0; row < resolution; row++) {
      for (let col = 0; col < resolution; col++) {
        const v = FEATURES[id](cellCentre(col, resolution), -cellCentre(row, resolution));
        map[row * resolution + col] = v;
        max = Math.max(max, Math.abs(v));
      }
    }
    if (max > 0) for (let i = 0; i < map.length; i++) map[i] = (map[i] ?? 0) / max;
    maps.set(id, map);
  }
  cache = { resolution, maps };
  return maps;
}
