/**
 * Train / validation / test split of a project's images, made by the page for images without one.
 *
 * Stratified by class (cls: the image's label; det: all images one group): every class gets
 * round(n × test) test and round(n × val) validation images, at least one test image when it has ≥ 3
 * images (and one validation image when it has ≥ 4). Splits already set are kept and count towards the
 * targets. Which images go where depends only on (ids, seed): the same ids and seed give the same split;
 * once the page saves the splits, images added later never move those already placed.
 */
/** The same names as `TRAIN_SPLITS` in packages/contract (this package does not depend on it). */
export type TrainSplit = 'train' | 'val' | 'test';

export interface SplitItem {
  readonly id: number;
  /** cls: the class name or index (null/undefined: one group of its own); det: leave out. */
  readonly label?: string | number | null;
  readonly split?: TrainSplit | null;
}

export interface SplitShares {
  readonly val: number;
  readonly test: number;
}

export const DEFAULT_SPLIT_SHARES: SplitShares = { val: 0.15, test: 0.15 };

/** A 32-bit mix of id and seed (murmur3's finaliser): the order an image takes in its class. */
function rank(id: number, seed: number): number {
  let h = (Math.imul(id | 0, 0x9e3779b1) ^ Math.imul(seed | 0, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The split of every item (those already set keep theirs). */
export function assignSplit(
  items: readonly SplitItem[],
  seed: number,
  shares: SplitShares = DEFAULT_SPLIT_SHARES,
): Map<number, TrainSplit> {
  const out = new Map<number, TrainSplit>();
  const groups = new Map<string, SplitItem[]>();
  for (const item of items) {
    const key = item.label === null || item.label === undefined ? '\u0000none' : String(item.label);
    const list = groups.get(key) ?? [];
    list.push(item);
    groups.set(key, list);
  }
  for (const list of groups.values()) {
    const n = list.length;
    const wantTest = Math.max(n >= 3 ? 1 : 0, Math.round(n * shares.test));
    const wantVal = Math.max(n >= 4 && shares.val > 0 ? 1 : 0, Math.round(n * shares.val));
    let test = list.filter((i) => i.split === 'test').length;
    let val = list.filter((i) => i.split === 'val').length;
    const open = list
      .filter((i) => !i.split)
      .sort((a, b) => rank(a.id, seed) - rank(b.id, seed) || a.id - b.id);
    for (const item of list) if (item.split) out.set(item.id, item.split);
    for (const item of open) {
      let split: TrainSplit = 'train';
      if (test < wantTest) {
        split = 'test';
        test++;
      } else if (val < wantVal) {
        split = 'val';
        val++;
      }
      out.set(item.id, split);
    }
  }
  return out;
}
