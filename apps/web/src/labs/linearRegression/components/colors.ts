/** Colours shared by the lab's charts. */
export const COLORS = {
  gd: '#4f5bff',
  ls: '#f5871f',
  point: '#1f1f3a',
  residual: '#ff4d6a',
  axis: 'rgba(31, 31, 58, 0.45)',
  grid: 'rgba(31, 31, 58, 0.08)',
  text: 'rgba(31, 31, 58, 0.7)',
} as const;

// Viridis at five stops: perceptually even and readable when projected; dark = low loss.
const STOPS: [number, number, number][] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

/** The colour of t ∈ [0, 1] (clamped) on the map's scale, as RGB bytes. */
export function heatColor(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 1)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const a = STOPS[i]!;
  const b = STOPS[i + 1]!;
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * f)) as [number, number, number];
}
