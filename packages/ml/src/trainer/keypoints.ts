/**
 * Keypoints as trainer features. A pose (17 MoveNet body keypoints) or a hand (21 landmarks) says the same
 * thing wherever it stands in the picture and however near the camera it is, so the raw pixel positions
 * are normalised before the classifier sees them:
 * - translate: the centre of the confident points moves to (0, 0);
 * - scale: positions are divided by the points' spread (root mean square distance from the centre), so a
 *   small far-away body and a big near one give the same numbers;
 * - mirror (optional): x is flipped, so a pose and its mirror image (left/right hand) can be made equal;
 * - unsure points (score below `minScore`) become (0, 0) with a visibility of 0, so a hidden wrist does
 *   not drag the pose around.
 */

export interface Keypoint {
  readonly x: number;
  readonly y: number;
  readonly z?: number;
  /** Detector confidence 0 … 1 (treated as 1 when absent). */
  readonly score?: number;
}

export interface NormalizeOptions {
  /** Points with a lower score count as not seen (default 0.2). */
  readonly minScore?: number;
  /** Flip x (default false). */
  readonly mirror?: boolean;
  /** Keep z (depth, scaled like x and y) when the detector gives one (default false). */
  readonly useZ?: boolean;
  /** Add one visibility number (1 seen, 0 not) per point (default true). */
  readonly visibility?: boolean;
}

/** Numbers per point for these options. */
export function valuesPerPoint(options: NormalizeOptions = {}): number {
  return 2 + (options.useZ ? 1 : 0) + (options.visibility === false ? 0 : 1);
}

/** The normalised feature vector of a set of keypoints (length: points × `valuesPerPoint(options)`). */
export function normalizeKeypoints(
  points: readonly Keypoint[],
  options: NormalizeOptions = {},
): Float32Array {
  const { minScore = 0.2, mirror = false, useZ = false, visibility = true } = options;
  const per = valuesPerPoint(options);
  const out = new Float32Array(points.length * per);
  const seen = points.map((p) => (p.score ?? 1) >= minScore && Number.isFinite(p.x) && Number.isFinite(p.y));
  const count = seen.filter(Boolean).length;
  if (count === 0) return out;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  points.forEach((p, i) => {
    if (!seen[i]) return;
    cx += p.x;
    cy += p.y;
    cz += p.z ?? 0;
  });
  cx /= count;
  cy /= count;
  cz /= count;
  let spread = 0;
  points.forEach((p, i) => {
    if (seen[i]) spread += (p.x - cx) ** 2 + (p.y - cy) ** 2;
  });
  const scale = Math.sqrt(spread / count) || 1;
  points.forEach((p, i) => {
    if (!seen[i]) return;
    const base = i * per;
    out[base] = ((mirror ? -1 : 1) * (p.x - cx)) / scale;
    out[base + 1] = (p.y - cy) / scale;
    if (useZ) out[base + 2] = ((p.z ?? 0) - cz) / scale;
    if (visibility) out[base + per - 1] = 1;
  });
  return out;
}
