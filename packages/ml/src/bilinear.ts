/**
 * Bilinear sampling of a one-channel image at a fractional position: the four neighbouring pixels weighted
 * by how close the position is to each. `at(x, y)` answers a pixel (0 outside the image, as the callers do).
 */
export function sampleBilinear(at: (x: number, y: number) => number, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  return (
    at(x0, y0) * (1 - fx) * (1 - fy) +
    at(x0 + 1, y0) * fx * (1 - fy) +
    at(x0, y0 + 1) * (1 - fx) * fy +
    at(x0 + 1, y0 + 1) * fx * fy
  );
}
