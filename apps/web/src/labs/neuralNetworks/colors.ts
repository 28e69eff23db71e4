/**
 * Colours of the playground: orange for class −1, blue for +1, pale grey for "unsure" (0), as in
 * tensorflow/playground — distinguishable with the common colour-vision deficiencies, unlike red/green.
 */
export const ORANGE: readonly [number, number, number] = [245, 147, 34];
export const BLUE: readonly [number, number, number] = [8, 119, 189];
export const NEUTRAL: readonly [number, number, number] = [232, 234, 235];

export const ORANGE_CSS = `rgb(${ORANGE.join(',')})`;
export const BLUE_CSS = `rgb(${BLUE.join(',')})`;

const LUT_SIZE = 256;

function mix(a: readonly number[], b: readonly number[], t: number): [number, number, number] {
  return [0, 1, 2].map((i) => Math.round((a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * t)) as [
    number,
    number,
    number,
  ];
}

/** RGB for a value in [−1, 1] (clamped): orange → grey → blue. */
export function heatColor(value: number): [number, number, number] {
  const v = Number.isFinite(value) ? Math.max(-1, Math.min(1, value)) : 0;
  return v < 0 ? mix(NEUTRAL, ORANGE, -v) : mix(NEUTRAL, BLUE, v);
}

/** 256 precomputed colours (RGBA bytes), so painting a map is a table look-up per cell. */
const LUT = (() => {
  const table = new Uint8ClampedArray(LUT_SIZE * 4);
  for (let i = 0; i < LUT_SIZE; i++) {
    const [r, g, b] = heatColor((i / (LUT_SIZE - 1)) * 2 - 1);
    table.set([r, g, b, 255], i * 4);
  }
  return table;
})();

/** The discretised picture: the decision only, in lighter tones so the points stay visible. */
const DISCRETE_NEG = mix(NEUTRAL, ORANGE, 0.55);
const DISCRETE_POS = mix(NEUTRAL, BLUE, 0.55);

/** Fills `pixels` (RGBA, values.length × 4 bytes) with the colours of `values`. */
export function paintValues(values: ArrayLike<number>, pixels: Uint8ClampedArray, discretize = false): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? 0;
    const o = i * 4;
    if (discretize) {
      const [r, g, b] = v >= 0 ? DISCRETE_POS : DISCRETE_NEG;
      pixels[o] = r;
      pixels[o + 1] = g;
      pixels[o + 2] = b;
      pixels[o + 3] = 255;
      continue;
    }
    const clamped = Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0;
    const k = Math.round(((clamped + 1) / 2) * (LUT_SIZE - 1)) * 4;
    pixels[o] = LUT[k] ?? 0;
    pixels[o + 1] = LUT[k + 1] ?? 0;
    pixels[o + 2] = LUT[k + 2] ?? 0;
    pixels[o + 3] = 255;
  }
}

/** Stroke colour of a link: the sign of its weight. */
export function weightColor(weight: number): string {
  return weight >= 0 ? BLUE_CSS : ORANGE_CSS;
}

/** Stroke width of a link: its strength, within readable bounds. */
export function weightWidth(weight: number): number {
  return Math.min(7, 0.6 + Math.abs(weight) * 2.2);
}
