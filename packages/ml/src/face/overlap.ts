/**
 * One face, one box. A face detector can report the same face twice: human's face pipeline, for one, keeps the
 * boxes its mesh found in the last frame and adds the detector's new boxes, so a steady face may come back as
 * two overlapping boxes, each with its own (different) expression. Non-maximum suppression keeps one box per
 * face; keeping the boxes in the order of the previous frame's faces keeps the numbering (and which of two
 * near-equal candidates wins) steady from frame to frame. Pure maths, no DOM.
 */

/** `[x, y, width, height]`, in any unit the same for every box. */
export type Box = readonly [number, number, number, number];

export interface Detection {
  box: Box;
  /** The detector's confidence, 0–1. */
  score: number;
}

function intersection(a: Box, b: Box): number {
  const w = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
}

const area = (b: Box) => Math.max(0, b[2]) * Math.max(0, b[3]);

/** Intersection over union: 1 for the same box, 0 for boxes that do not touch. */
export function iou(a: Box, b: Box): number {
  const shared = intersection(a, b);
  const union = area(a) + area(b) - shared;
  return union > 0 ? shared / union : 0;
}

/**
 * How much of the smaller box lies inside the larger: near 1 when a tight box of a face sits inside a looser
 * box of the same face, which their IoU (the areas differ) would let pass as two faces.
 */
export function overlapOfSmaller(a: Box, b: Box): number {
  const smaller = Math.min(area(a), area(b));
  return smaller > 0 ? intersection(a, b) / smaller : 0;
}

export interface OverlapLimits {
  /** Two boxes with at least this IoU are one face. */
  iou: number;
  /** …and so are two boxes when at least this share of the smaller lies inside the larger. */
  nested: number;
}

/**
 * Two faces side by side overlap a little at most (cheek to cheek: IoU well under 0.3); the same face found
 * twice overlaps by more than half.
 */
export const FACE_OVERLAP: OverlapLimits = { iou: 0.3, nested: 0.7 };

const sameFace = (a: Box, b: Box, limits: OverlapLimits) =>
  iou(a, b) >= limits.iou || overlapOfSmaller(a, b) >= limits.nested;

/**
 * Greedy non-maximum suppression: boxes in order of `priority` (by default the highest score first), each kept
 * unless it is the same face as one already kept.
 */
export function suppressOverlaps<T extends Detection>(
  detections: readonly T[],
  limits: OverlapLimits = FACE_OVERLAP,
  priority: readonly T[] = [...detections].sort((a, b) => b.score - a.score),
): T[] {
  const kept: T[] = [];
  for (const candidate of priority) {
    if (!kept.some((k) => sameFace(k.box, candidate.box, limits))) kept.push(candidate);
  }
  return kept;
}

/**
 * One box per face, in a steady order: the faces of the previous frame first, in their order, each continued
 * by the detection that overlaps it most; then new faces from left to right. Overlapping detections of one face
 * are dropped (the one that continues a previous face wins, else the most confident).
 */
export function steadyFaces<T extends Detection>(
  previous: readonly Box[],
  detections: readonly T[],
  limits: OverlapLimits = FACE_OVERLAP,
): T[] {
  const continuing: T[] = [];
  const taken = new Set<T>();
  for (const before of previous) {
    let best: T | undefined;
    let bestIou = 0;
    for (const d of detections) {
      const overlap = iou(before, d.box);
      if (!taken.has(d) && overlap >= limits.iou && overlap > bestIou) {
        best = d;
        bestIou = overlap;
      }
    }
    if (best) {
      continuing.push(best);
      taken.add(best);
    }
  }
  const fresh = detections.filter((d) => !taken.has(d)).sort((a, b) => b.score - a.score);
  const kept = suppressOverlaps(detections, limits, [...continuing, ...fresh]);
  const keptContinuing = kept.filter((d) => taken.has(d));
  const keptFresh = kept.filter((d) => !taken.has(d)).sort((a, b) => a.box[0] - b.box[0]);
  return [...keptContinuing, ...keptFresh];
}
