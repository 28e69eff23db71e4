/**
 * A poet ready to write: the served files (manifest and weights) turned into TF.js variables, with what the
 * page asks of it: the next character's scores, the attention over a text, fine-tuning on the class's texts,
 * and a way back to the weights as shipped. The same in the browser's worker and in Node's tests.
 */
import type * as TF from '@tensorflow/tfjs';
import { FINE_TUNING, fineTuningBatches } from './class-texts.ts';
import { PoetDecoder } from './decoder.ts';
import { POET_FORMAT, unpackWeights, type PoetManifest } from './files.ts';
import { poetForward, poetWeightsFrom, type PoetConfig, type PoetWeights } from './model.ts';
import { bitsPerChar, poemBatch, poetTrainer } from './train.ts';
import { makeVocab, type Vocab } from './vocab.ts';
import { windowOf } from './writing.ts';

type Tf = typeof TF;

/** Checks a fetched model.json; throws with a reason a person can act on. */
export function parsePoetManifest(json: unknown): PoetManifest {
  const manifest = json as Partial<PoetManifest> | null;
  if (manifest?.format !== POET_FORMAT || !manifest.config || typeof manifest.chars !== 'string') {
    throw new Error(`This is not a poet model (${POET_FORMAT}): rebuild it with npm run train:poet`);
  }
  if (manifest.config.vocabSize !== [...manifest.chars].length + 3) {
    throw new Error('The poet model’s alphabet does not match its shape');
  }
  return manifest as PoetManifest;
}

export interface PoetAttention {
  /** The tokens read: the start mark, then the text's characters. */
  tokens: string[];
  /** [layer][head][step][earlier step]: how much each step looked at each one before it (rows add to 1). */
  layers: number[][][][];
}

export interface FineTuneStep {
  step: number;
  steps: number;
  /** The batch's loss before the step, in bits per character. */
  bits: number;
}

export class PoetRuntime {
  readonly vocab: Vocab;
  readonly config: PoetConfig;
  private weights: PoetWeights;

  constructor(
    private readonly tf: Tf,
    readonly manifest: PoetManifest,
    private readonly shipped: ReadonlyMap<string, Float32Array>,
  ) {
    this.vocab = makeVocab([...manifest.chars]);
    this.config = manifest.config;
    this.weights = poetWeightsFrom(tf, this.config, shipped);
  }

  static fromFiles(tf: Tf, manifestJson: unknown, weights: ArrayBuffer): PoetRuntime {
    const manifest = parsePoetManifest(manifestJson);
    return new PoetRuntime(tf, manifest, unpackWeights(manifest.config, weights));
  }

  /** The scores of every token coming next after `window` (token ids starting with START, ≤ context). */
  logitsOf(window: readonly number[]): Float32Array {
    const { tf } = this;
    return tf.tidy(() => {
      const ids = tf.tensor2d([...window], [1, window.length], 'int32');
      const { logits } = poetForward(tf, this.weights, this.config, ids, { lastOnly: true });
      return logits.dataSync() as Float32Array;
    });
  }

  /**
   * A fast `logitsOf` for writing a poem: the current weights (fine-tuned or not) copied once into a
   * `PoetDecoder`, which computes one new character per call instead of reading the window again.
   */
  writer(): (window: readonly number[]) => Float32Array {
    const values = new Map([...this.weights].map(([name, v]) => [name, v.dataSync() as Float32Array]));
    const decoder = new PoetDecoder(this.config, values);
    return (window) => decoder.logitsOf(window);
  }

  /** Where the model looks as it reads `text` (its last `context` − 1 characters). */
  attention(text: string): PoetAttention {
    const { tf } = this;
    const window = windowOf(this.vocab.encode(text), this.config.context);
    const tokens = window.map((id) => this.vocab.tokens[id]!);
    const layers = tf.tidy(() => {
      const ids = tf.tensor2d(window, [1, window.length], 'int32');
      const { attention } = poetForward(tf, this.weights, this.config, ids, { withAttention: true });
      return (attention ?? []).map((layer) => layer.arraySync()[0]!);
    });
    return { tokens, layers };
  }

  /** Bits per character on these texts (each at most context − 1 characters), without training. */
  bitsOn(texts: readonly string[]): number {
    return bitsPerChar(this.tf, this.weights, this.config, this.vocab, texts);
  }

  /**
   * Fine-tunes the current weights on `pieces` (FINE_TUNING's plan unless told), reporting each step; between
   * steps `between` may yield to the page and returns false to stop early. Returns the steps completed.
   */
  async fineTune(
    pieces: readonly string[],
    onStep: (step: FineTuneStep) => void,
    between: () => Promise<boolean>,
    plan: { steps: number; batch: number; learningRate: number; seed: number } = FINE_TUNING,
  ): Promise<number> {
    const trainer = poetTrainer(this.tf, this.weights, this.config);
    const batches = fineTuningBatches(pieces, plan.steps, plan.batch, plan.seed);
    let done = 0;
    try {
      for (const [i, batch] of batches.entries()) {
        const loss = trainer.step(poemBatch(this.vocab, batch, this.config.context), plan.learningRate);
        done = i + 1;
        onStep({ step: done, steps: plan.steps, bits: loss / Math.LN2 });
        if (!(await between())) break;
      }
    } finally {
      trainer.dispose();
    }
    return done;
  }

  /** Back to the weights as shipped (fine-tuning forgotten). */
  reset(): void {
    this.disposeWeights();
    this.weights = poetWeightsFrom(this.tf, this.config, this.shipped);
  }

  dispose(): void {
    this.disposeWeights();
  }

  private disposeWeights() {
    for (const variable of this.weights.values()) variable.dispose();
  }
}
