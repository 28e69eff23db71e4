/**
 * Writing fast: the poet's forward pass for one new character at a time, in plain loops over Float32Arrays,
 * keeping each layer's keys and values of the characters already read (a "KV cache", as big models use).
 * Reading the whole poem again for every character (`poetForward`) costs the length of the poem each time;
 * this costs one character. It computes exactly what `poetForward` does (a test holds the two together).
 */
import type { PoetConfig } from './model.ts';

type Values = ReadonlyMap<string, Float32Array>;

const EPSILON = 1e-5;

function get(values: Values, name: string): Float32Array {
  const value = values.get(name);
  if (!value) throw new Error(`The poet has no weight ${name}`);
  return value;
}

function layerNorm(x: Float32Array, gain: Float32Array, bias: Float32Array): Float32Array {
  const n = x.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += x[i]!;
  mean /= n;
  let variance = 0;
  for (let i = 0; i < n; i++) variance += (x[i]! - mean) ** 2;
  const scale = 1 / Math.sqrt(variance / n + EPSILON);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = (x[i]! - mean) * scale * gain[i]! + bias[i]!;
  return out;
}

/** x [n] times w [n, m] (row-major) plus b [m]. */
function affine(x: Float32Array, w: Float32Array, b: Float32Array): Float32Array {
  const m = b.length;
  const out = Float32Array.from(b);
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    if (xi === 0) continue;
    const row = i * m;
    for (let j = 0; j < m; j++) out[j] = out[j]! + xi * w[row + j]!;
  }
  return out;
}

export class PoetDecoder {
  /** The token ids read so far (what the caches hold). */
  private read: number[] = [];
  /** Per layer, the keys and values of every token read: [token][width]. */
  private keys: Float32Array[][];
  private values: Float32Array[][];

  constructor(
    private readonly config: PoetConfig,
    private readonly weights: Values,
  ) {
    this.keys = Array.from({ length: config.layers }, () => []);
    this.values = Array.from({ length: config.layers }, () => []);
  }

  /**
   * The scores of every token coming next after `window` (START first, ≤ context tokens). When the window
   * is what was read before plus one token, only that token is computed; otherwise it is read from the start.
   */
  logitsOf(window: readonly number[]): Float32Array {
    const extends_ = window.length === this.read.length + 1 && this.read.every((id, i) => window[i] === id);
    if (!extends_) this.forget();
    let logits: Float32Array = new Float32Array(0);
    for (let i = this.read.length; i < window.length; i++) logits = this.push(window[i]!);
    return logits;
  }

  forget(): void {
    this.read = [];
    this.keys = this.keys.map(() => []);
    this.values = this.values.map(() => []);
  }

  /** Reads one more token; returns the next token's scores. */
  private push(id: number): Float32Array {
    const { width: d, heads, vocabSize } = this.config;
    const position = this.read.length;
    if (position >= this.config.context) {
      throw new Error(`The poet reads at most ${this.config.context} tokens`);
    }
    const w = (name: string) => get(this.weights, name);
    const tok = w('tok');
    const pos = w('pos');
    let x = new Float32Array(d);
    for (let i = 0; i < d; i++) x[i] = tok[id * d + i]! + pos[position * d + i]!;
    const dh = d / heads;
    const scale = 1 / Math.sqrt(dh);
    for (let l = 0; l < this.config.layers; l++) {
      const p = (name: string) => w(`l${l}.${name}`);
      const h = layerNorm(x, p('ln1.g'), p('ln1.b'));
      const qkv = affine(h, p('qkv.w'), p('qkv.b'));
      const keys = this.keys[l]!;
      const values = this.values[l]!;
      keys.push(qkv.slice(d, 2 * d));
      values.push(qkv.slice(2 * d, 3 * d));
      const mixed = new Float32Array(d);
      const scores = new Float64Array(keys.length);
      for (let head = 0; head < heads; head++) {
        const at = head * dh;
        let top = -Infinity;
        for (let t = 0; t < keys.length; t++) {
          let s = 0;
          const k = keys[t]!;
          for (let j = 0; j < dh; j++) s += qkv[at + j]! * k[at + j]!;
          scores[t] = s * scale;
          if (scores[t]! > top) top = scores[t]!;
        }
        let total = 0;
        for (let t = 0; t < keys.length; t++) {
          scores[t] = Math.exp(scores[t]! - top);
          total += scores[t]!;
        }
        for (let t = 0; t < keys.length; t++) {
          const weight = scores[t]! / total;
          const v = values[t]!;
          for (let j = 0; j < dh; j++) mixed[at + j] = mixed[at + j]! + weight * v[at + j]!;
        }
      }
      const attended = affine(mixed, p('out.w'), p('out.b'));
      for (let i = 0; i < d; i++) x[i] = x[i]! + attended[i]!;
      const h2 = layerNorm(x, p('ln2.g'), p('ln2.b'));
      const up = affine(h2, p('up.w'), p('up.b'));
      for (let i = 0; i < up.length; i++) if (up[i]! < 0) up[i] = 0;
      const down = affine(up, p('down.w'), p('down.b'));
      x = x.map((v, i) => v + down[i]!);
    }
    this.read.push(id);
    const normed = layerNorm(x, w('lnf.g'), w('lnf.b'));
    // Tied output: each token's score is its embedding row dotted with the final state.
    const logits = Float32Array.from(w('logits.b'));
    for (let v = 0; v < vocabSize; v++) {
      let s = 0;
      const row = v * d;
      for (let i = 0; i < d; i++) s += normed[i]! * tok[row + i]!;
      logits[v] = logits[v]! + s;
    }
    return logits;
  }
}
