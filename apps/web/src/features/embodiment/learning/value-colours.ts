/**
 * The value map's colours: each cell is painted by how good the robot thinks it is (V = max Q), from dark
 * purple (bad: far from the goal, or next to walls it bumps) through teal to bright yellow (good: close to the
 * goal). A viridis-like scale: it reads in grey and for colour-blind eyes, and brighter always means better.
 */

/** Viridis at five stops, as [r, g, b]. */
const STOPS: readonly (readonly [number, number, number])[] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

/** The colour of `t` in [0, 1] (clamped) as `rgb(r, g, b)`. */
export function scaleColour(t: number): string {
  const x = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  const pos = x * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(pos));
  const f = pos - i;
  const [a, b] = [STOPS[i]!, STOPS[i + 1]!];
  const mix = (k: number) => Math.round(a[k]! + (b[k]! - a[k]!) * f);
  return `rgb(${mix(0)}, ${mix(1)}, ${mix(2)})`;
}

/** The smallest and largest of the values (of the cells that are not walls); [0, 0] for none. */
export function valueRange(values: Iterable<number>): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? [min, max] : [0, 0];
}

/** Where `value` lies between `min` and `max`, from 0 to 1; ½ when they are equal (nothing learned yet). */
export function normalise(value: number, min: number, max: number): number {
  if (max - min < 1e-9) return 0.5;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/** Dark text on the bright end of the scale, white on the dark end, so a number in a cell stays readable. */
export function textColourOn(t: number): string {
  return t > 0.6 ? '#1f1f3a' : '#ffffff';
}
