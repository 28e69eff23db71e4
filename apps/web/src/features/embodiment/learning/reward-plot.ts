/**
 * The reward-per-episode plot's maths: shrinking thousands of episodes to a few hundred points, choosing the
 * vertical range, and turning values into an SVG path. No DOM here.
 */

/**
 * At most `maxPoints` points: when there are more episodes, consecutive episodes are grouped into equal
 * buckets and each bucket is its mean. `bucket` is how many episodes one point stands for (the last point may
 * stand for fewer). The trend of the buckets is the trend of the episodes.
 */
export function bucketMeans(
  values: readonly number[],
  maxPoints: number,
): { points: number[]; bucket: number } {
  const bucket = Math.max(1, Math.ceil(values.length / Math.max(1, maxPoints)));
  if (bucket === 1) return { points: [...values], bucket };
  const points: number[] = [];
  for (let i = 0; i < values.length; i += bucket) {
    const slice = values.slice(i, i + bucket);
    points.push(slice.reduce((a, b) => a + b, 0) / slice.length);
  }
  return { points, bucket };
}

/** The vertical range of the plot: the values' range, always including 0, widened when it is flat. */
export function plotRange(values: readonly number[]): [number, number] {
  let min = 0;
  let max = 0;
  for (const v of values) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  if (max - min < 1) return [min - 1, max + 1];
  return [min, max];
}

export interface PlotBox {
  width: number;
  height: number;
  /** Space kept free on each side, in the same units. */
  padding: number;
}

/** The y of `value` in the box (SVG y grows downwards: the top of the range is at the top). */
export function yOf(value: number, [min, max]: [number, number], box: PlotBox): number {
  const inner = box.height - 2 * box.padding;
  return box.padding + inner * (1 - (value - min) / (max - min));
}

/**
 * An SVG path ('M x y L x y …') through the values, spread evenly across the box's width; '' when there are
 * none. A single value becomes a flat line across the box.
 */
export function linePath(values: readonly number[], range: [number, number], box: PlotBox): string {
  if (values.length === 0) return '';
  const inner = box.width - 2 * box.padding;
  const round = (n: number) => Math.round(n * 10) / 10;
  if (values.length === 1) {
    const y = round(yOf(values[0]!, range, box));
    return `M${box.padding} ${y} L${box.padding + inner} ${y}`;
  }
  const xOf = (i: number) => box.padding + (inner * i) / (values.length - 1);
  return values
    .map((v, i) => `${i === 0 ? 'M' : 'L'}${round(xOf(i))} ${round(yOf(v, range, box))}`)
    .join(' ');
}
