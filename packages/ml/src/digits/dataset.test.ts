import { describe, expect, it } from 'vitest';
import {
  DIGIT_PIXELS,
  balancedSubset,
  decodePack,
  digitImage,
  encodePack,
  fingerprint,
  quantize,
  splitDigits,
  type DigitSet,
} from './dataset.ts';
import { DIGIT_SPLIT, loadMnist } from './mnist-node.ts';

/** `count` fake digits, labels cycling 0–9; each carries its index in its first two pixels. */
function fakeSet(count: number): DigitSet {
  const images = new Uint8Array(count * DIGIT_PIXELS);
  for (let i = 0; i < count; i++) {
    images[i * DIGIT_PIXELS] = i & 255;
    images[i * DIGIT_PIXELS + 1] = i >> 8;
  }
  return { count, images, labels: Uint8Array.from({ length: count }, (_, i) => i % 10) };
}

/** The index a fake digit carries. */
const idOf = (set: DigitSet, i: number) => (digitImage(set, i)[0] ?? 0) + 256 * (digitImage(set, i)[1] ?? 0);

const histogram = (set: DigitSet) => {
  const counts = new Array<number>(10).fill(0);
  for (const label of set.labels) counts[label]!++;
  return counts;
};

describe('digit dataset', () => {
  it('splits the same way for the same seed, and differently for another', () => {
    const set = fakeSet(500);
    const a = splitDigits(set, { heldOutShare: 0.2, seed: 1 });
    const b = splitDigits(set, { heldOutShare: 0.2, seed: 1 });
    const c = splitDigits(set, { heldOutShare: 0.2, seed: 2 });
    expect(fingerprint(a.train)).toBe(fingerprint(b.train));
    expect(fingerprint(a.heldOut)).toBe(fingerprint(b.heldOut));
    expect(fingerprint(a.heldOut)).not.toBe(fingerprint(c.heldOut));
  });

  it('holds out the same share of every class, with no digit in both parts', () => {
    const set = fakeSet(500);
    const { train, heldOut } = splitDigits(set, { heldOutShare: 0.2, seed: 3 });
    expect(histogram(heldOut)).toEqual(new Array(10).fill(10));
    expect(histogram(train)).toEqual(new Array(10).fill(40));
    const ids = (s: DigitSet) => Array.from({ length: s.count }, (_, i) => idOf(s, i));
    const all = [...ids(train), ...ids(heldOut)].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 500 }, (_, i) => i));
    // Labels stay with their images.
    for (let i = 0; i < train.count; i++) expect(idOf(train, i) % 10).toBe(train.labels[i]);
  });

  it('splits the MNIST digits deterministically: 8,000 to train on, 2,000 held out', () => {
    const mnist = loadMnist();
    expect(mnist.count).toBe(10_000);
    const a = splitDigits(mnist, DIGIT_SPLIT);
    const b = splitDigits(loadMnist(), DIGIT_SPLIT);
    expect([a.train.count, a.heldOut.count]).toEqual([8000, 2000]);
    expect(fingerprint(b.train)).toBe(fingerprint(a.train));
    expect(fingerprint(b.heldOut)).toBe(fingerprint(a.heldOut));
    // Pinned: a changed split would silently change what the committed model's accuracy means.
    expect(fingerprint(a.heldOut)).toMatchInlineSnapshot(`"cab7341b"`);
  });

  it('rounds grey levels to evenly spaced steps, keeping paper and full ink', () => {
    const set: DigitSet = { count: 1, images: new Uint8Array(DIGIT_PIXELS), labels: new Uint8Array(1) };
    set.images.set([0, 8, 9, 100, 247, 255]);
    const q = quantize(set, 16);
    expect(Array.from(q.images.slice(0, 6))).toEqual([0, 0, 17, 102, 255, 255]);
    expect(new Set(quantize(fakeSet(300), 16).images).size).toBeLessThanOrEqual(16);
    expect(set.images[1]).toBe(8);
  });

  it('packs and unpacks digits byte for byte, and refuses other bytes', () => {
    const set = fakeSet(300);
    const pack = { train: balancedSubset(set, 20), test: balancedSubset(set, 5) };
    expect(histogram(pack.train)).toEqual(new Array(10).fill(20));
    const bytes = encodePack(pack);
    expect(bytes.byteLength).toBe(12 + 250 * (1 + DIGIT_PIXELS));
    const back = decodePack(bytes);
    expect(fingerprint(back.train)).toBe(fingerprint(pack.train));
    expect(fingerprint(back.test)).toBe(fingerprint(pack.test));
    expect(() => decodePack(new Uint8Array(40))).toThrow('not a digit pack');
    expect(() => decodePack(bytes.subarray(0, 1000))).toThrow('truncated');
  });
});
