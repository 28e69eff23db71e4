/**
 * Input features: what the network is told about a point (x1, x2) of the plane. Giving it x1² + x2² makes a
 * circle a straight cut in feature space; giving it x1·x2 does the same for XOR — a hand-made hidden layer.
 */
export const FEATURE_IDS = ['x1', 'x2', 'x1Squared', 'x2Squared', 'x1TimesX2', 'sinX1', 'sinX2'] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export const FEATURES: Record<FeatureId, (x1: number, x2: number) => number> = {
  x1: (x1) => x1,
  x2: (_x1, x2) => x2,
  x1Squared: (x1) => x1 * x1,
  x2Squared: (_x1, x2) => x2 * x2,
  x1TimesX2: (x1, x2) => x1 * x2,
  sinX1: (x1) => Math.sin(x1),
  sinX2: (_x1, x2) => Math.sin(x2),
};

/** The feature values of one point, in the order of `features` (the order of the network's inputs). */
export function featureValues(features: readonly FeatureId[], x1: number, x2: number): number[] {
  return features.map((id) => FEATURES[id](x1, x2));
}

/** Like `featureValues`, written into `out` (no allocation: heat maps call this thousands of times a frame). */
export function featureValuesInto(
  features: readonly FeatureId[],
  x1: number,
  x2: number,
  out: number[],
): number[] {
  out.length = features.length;
  for (let i = 0; i < features.length; i++) out[i] = FEATURES[features[i] as FeatureId](x1, x2);
  return out;
}
