/**
 * Tiles for super-resolution. A neural network enlarging a whole 1,000-pixel photo at once needs gigabytes
 * of memory for its in-between layers (the upscaler's known way of crashing a tab), so the photo goes through
 * in small squares. Each square is cut with a margin of extra pixels around it: near a cut edge the network
 * cannot see what lies beyond and guesses worse, so the margin is enlarged too but thrown away, and only the
 * square's inside is kept. The insides cover the photo exactly once, so the stitched result has no seams.
 */

export interface Tile {
  /** The part of the photo this tile contributes (no overlap with other tiles). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** What goes into the network: the part plus its margin, clipped to the photo. */
  inX: number;
  inY: number;
  inWidth: number;
  inHeight: number;
}

export interface TilePlan {
  tiles: Tile[];
  columns: number;
  rows: number;
}

/** Start positions of `size`-long pieces covering `length`, the last one possibly shorter. */
function cuts(length: number, size: number): number[] {
  const starts: number[] = [];
  for (let at = 0; at < length; at += size) starts.push(at);
  return starts;
}

/**
 * Cuts a width × height photo into tiles whose insides are at most `tile` pixels on a side, each with a
 * `margin` of neighbouring pixels (where the photo has them).
 */
export function planTiles(width: number, height: number, tile: number, margin: number): TilePlan {
  if (width < 1 || height < 1) return { tiles: [], columns: 0, rows: 0 };
  const size = Math.max(1, Math.floor(tile));
  const pad = Math.max(0, Math.floor(margin));
  const xs = cuts(width, size);
  const ys = cuts(height, size);
  const tiles: Tile[] = [];
  for (const y of ys)
    for (const x of xs) {
      const w = Math.min(size, width - x);
      const h = Math.min(size, height - y);
      const inX = Math.max(0, x - pad);
      const inY = Math.max(0, y - pad);
      tiles.push({
        x,
        y,
        width: w,
        height: h,
        inX,
        inY,
        inWidth: Math.min(width, x + w + pad) - inX,
        inHeight: Math.min(height, y + h + pad) - inY,
      });
    }
  return { tiles, columns: xs.length, rows: ys.length };
}

/**
 * Where a tile's kept inside sits in the network's enlarged output (`scale` × its input): the offset of the
 * inside within the input, times the scale.
 */
export function keptRegion(tile: Tile, scale: number) {
  return {
    sx: (tile.x - tile.inX) * scale,
    sy: (tile.y - tile.inY) * scale,
    width: tile.width * scale,
    height: tile.height * scale,
    dx: tile.x * scale,
    dy: tile.y * scale,
  };
}
