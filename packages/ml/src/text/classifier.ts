/**
 * A multinomial logistic-regression ("softmax") text classifier on bag-of-n-gram counts, trained by
 * mini-batch gradient descent with momentum and an L2 penalty.
 *
 * For a sentence with feature counts x (see `features.ts`) and K classes the model computes one score
 * (logit) per class,
 *
 *     z_k = b_k + Σ_j W[k][j] · x_j,
 *
 * i.e. every n-gram of the sentence adds its weight for that class once per occurrence, and the bias b_k is
 * the score before any word is read. Softmax turns the scores into probabilities that are positive and sum
 * to 1,
 *
 *     p_k = exp(z_k) / Σ_c exp(z_c),
 *
 * so a class whose score is 1 higher than another's is e ≈ 2.7 times as likely. Training minimises the mean
 * cross-entropy −log p_y (how surprised the model is by the right answer) plus (λ/2)·‖W‖², the L2 penalty that
 * keeps weights small, so no single n-gram can decide alone and rare n-grams (seen in one sentence) do not get
 * huge weights. The gradient of the loss with respect to z_k is simply p_k − [k = y]: raise the right class's
 * score, lower the others in proportion to how much they were believed.
 *
 * Rarity scaling: with a handful of examples, words that occur everywhere ("the", "I", 的, 我) pick up
 * chance correlations with a class ("all my food sentences start with I"). So each count is first multiplied
 * by the n-gram's rarity s_j = ln((1 + N) / (1 + n_j)), where N is the number of training sentences and n_j
 * how many of them contain the n-gram (the "idf" of tf-idf): an n-gram found in every sentence gets 0 and is
 * ignored; a rare, specific one gets a large factor and learns quickly. The trainer learns θ on the scaled
 * counts; the model it hands out folds the scaling in, W[k][j] = θ[k][j] · s_j, so a prediction is still
 * "count × weight" and the explanation stays as simple as above.
 *
 * Because θ starts at 0 and every update sums to 0 over the classes (Σ_k (p_k − [k = y]) = 0, and the L2
 * and momentum terms are linear), each n-gram's weights sum to 0 over the classes at all times. A weight is
 * therefore a vote *relative to the average class*: positive pushes towards this class, negative away.
 */
import { seededRandom, type Rng } from '../random.ts';
import { buildVocabulary, countTokens, type SparseVector, type Vocabulary } from './features.ts';
import { tokenize, type Token, type TokenKind } from './tokenize.ts';

export interface TrainSettings {
  /** Passes over the training sentences. */
  readonly epochs: number;
  /** Step size η of gradient descent. */
  readonly learningRate: number;
  /** Strength λ of the L2 penalty (λ/2)·‖W‖² (biases are not penalised). */
  readonly l2: number;
  /**
   * Sentences per gradient step. A small project uses smaller batches, so that an epoch still takes at least
   * `MIN_STEPS_PER_EPOCH` steps (six sentences would otherwise learn one step per epoch); a large one uses
   * larger batches, so that an epoch takes at most `MAX_STEPS_PER_EPOCH` steps (every step touches all
   * K × V weights, through the L2 penalty and the momentum).
   */
  readonly batchSize: number;
  /** Momentum μ: each step keeps μ of the previous step's velocity. */
  readonly momentum: number;
  /** Seed of the shuffling, so the same data and settings give the same model. */
  readonly seed: number;
  /** Character pairs and word pairs as features (otherwise single characters and words only). */
  readonly bigrams: boolean;
}

export const DEFAULT_TRAIN_SETTINGS: TrainSettings = {
  epochs: 30,
  learningRate: 0.02,
  l2: 0.01,
  batchSize: 8,
  momentum: 0.9,
  seed: 1,
  bigrams: true,
};

export const MIN_STEPS_PER_EPOCH = 4;
export const MAX_STEPS_PER_EPOCH = 32;

/** The batch size actually used for `count` training sentences (see `TrainSettings.batchSize`). */
export function effectiveBatchSize(batchSize: number, count: number): number {
  const atLeast = Math.max(Math.floor(batchSize), Math.ceil(count / MAX_STEPS_PER_EPOCH));
  return Math.max(1, Math.min(atLeast, Math.ceil(count / MIN_STEPS_PER_EPOCH)));
}

/** One training sentence with its class number (0 … K−1). */
export interface LabelledSentence {
  readonly text: string;
  readonly label: number;
}

/** A trained model: plain data, so it can be copied, saved or sent to a worker. */
export interface TextClassifier {
  readonly numClasses: number;
  readonly vocabulary: Vocabulary;
  readonly bigrams: boolean;
  /** K × V weights, row by row: the weight of n-gram j for class k is `weights[k * V + j]`. */
  readonly weights: Float64Array;
  /** K biases. */
  readonly bias: Float64Array;
}

export interface EpochReport {
  /** 1-based number of the epoch just finished. */
  readonly epoch: number;
  /** Mean cross-entropy over all training sentences plus the L2 penalty, after the epoch. */
  readonly loss: number;
  /** Mean cross-entropy alone. */
  readonly dataLoss: number;
  /** Share of training sentences the model classifies right, after the epoch. */
  readonly accuracy: number;
}

/**
 * Softmax, computed stably: subtracting the largest score first changes nothing mathematically (the factor
 * exp(−max) cancels) but keeps exp() from overflowing.
 */
export function softmax(logits: ArrayLike<number>): number[] {
  let max = -Infinity;
  for (let k = 0; k < logits.length; k++) max = Math.max(max, logits[k] ?? -Infinity);
  const exps = Array.from({ length: logits.length }, (_, k) => Math.exp((logits[k] ?? 0) - max));
  const sum = exps.reduce((s, e) => s + e, 0);
  return exps.map((e) => e / sum);
}

/** The scores z_k = b_k + Σ_j W[k][j]·x_j of a feature vector. */
export function logitsOf(model: TextClassifier, x: SparseVector): number[] {
  const size = model.vocabulary.terms.length;
  const z: number[] = [];
  for (let k = 0; k < model.numClasses; k++) {
    let s = model.bias[k] ?? 0;
    const row = k * size;
    for (let i = 0; i < x.indices.length; i++) s += (model.weights[row + x.indices[i]!] ?? 0) * x.values[i]!;
    z.push(s);
  }
  return z;
}

function argmax(values: readonly number[]): number {
  let best = 0;
  for (let k = 1; k < values.length; k++) if (values[k]! > values[best]!) best = k;
  return best;
}

export interface Prediction {
  /** The most probable class. */
  readonly label: number;
  readonly logits: readonly number[];
  readonly probabilities: readonly number[];
}

function tokensFor(model: TextClassifier, sentence: string): Token[] {
  return tokenize(sentence, { bigrams: model.bigrams });
}

/** Classifies a sentence: scores, probabilities and the winning class. */
export function predict(model: TextClassifier, sentence: string): Prediction {
  const logits = logitsOf(model, countTokens(tokensFor(model, sentence), model.vocabulary));
  const probabilities = softmax(logits);
  return { label: argmax(probabilities), logits, probabilities };
}

/** Shuffles in place (Fisher–Yates) with the given generator. */
export function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * The rarity s_j = ln((1 + N) / (1 + n_j)) of every vocabulary column, from the training vectors (n_j: how many
 * sentences contain n-gram j).
 */
export function rarity(vectors: readonly SparseVector[], size: number): Float64Array {
  const containing = new Float64Array(size);
  for (const x of vectors) for (const j of x.indices) containing[j]! += 1;
  return containing.map((n) => Math.log((1 + vectors.length) / (1 + n)));
}

/**
 * Trains a classifier epoch by epoch, so a page can draw the loss curve while it learns. The vocabulary is
 * built from the training sentences; θ and the biases start at 0 (every class equally likely), and the only
 * randomness is the order of the sentences in each epoch, drawn from `settings.seed`.
 */
export class SoftmaxTrainer {
  readonly settings: TrainSettings;
  readonly numClasses: number;
  readonly vocabulary: Vocabulary;
  /** s_j, see the module comment. */
  readonly scale: Float64Array;
  private readonly xs: SparseVector[];
  private readonly ys: number[];
  private readonly rng: Rng;
  /** The learner's view: a linear model on scaled counts with weights θ and biases b. */
  private readonly scaled: TextClassifier;
  private readonly velocityW: Float64Array;
  private readonly velocityB: Float64Array;
  private readonly gradW: Float64Array;
  private readonly gradB: Float64Array;
  private readonly order: number[];
  private finished = 0;

  constructor(data: readonly LabelledSentence[], numClasses: number, settings: Partial<TrainSettings> = {}) {
    this.settings = { ...DEFAULT_TRAIN_SETTINGS, ...settings };
    if (!Number.isInteger(numClasses) || numClasses < 2) throw new Error('need at least two classes');
    if (data.length === 0) throw new Error('need at least one training sentence');
    for (const { label } of data) {
      if (!Number.isInteger(label) || label < 0 || label >= numClasses) throw new Error(`bad label ${label}`);
    }
    const tokenOptions = { bigrams: this.settings.bigrams };
    this.numClasses = numClasses;
    this.vocabulary = buildVocabulary(
      data.map((d) => d.text),
      tokenOptions,
    );
    const counts = data.map((d) => countTokens(tokenize(d.text, tokenOptions), this.vocabulary));
    this.scale = rarity(counts, this.vocabulary.terms.length);
    this.xs = counts.map((x) => ({
      indices: x.indices,
      values: x.values.map((v, n) => v * (this.scale[x.indices[n]!] ?? 0)),
    }));
    this.ys = data.map((d) => d.label);
    this.rng = seededRandom(this.settings.seed);
    const size = numClasses * this.vocabulary.terms.length;
    this.scaled = {
      numClasses,
      vocabulary: this.vocabulary,
      bigrams: this.settings.bigrams,
      weights: new Float64Array(size),
      bias: new Float64Array(numClasses),
    };
    this.velocityW = new Float64Array(size);
    this.velocityB = new Float64Array(numClasses);
    this.gradW = new Float64Array(size);
    this.gradB = new Float64Array(numClasses);
    this.order = data.map((_, i) => i);
  }

  /** Epochs finished so far. */
  get epoch(): number {
    return this.finished;
  }

  get done(): boolean {
    return this.finished >= this.settings.epochs;
  }

  /** The model as it stands, with the rarity folded into the weights (W = θ · s): a copy, safe to keep. */
  model(): TextClassifier {
    const size = this.vocabulary.terms.length;
    const theta = this.scaled.weights;
    return {
      numClasses: this.numClasses,
      vocabulary: this.vocabulary,
      bigrams: this.settings.bigrams,
      weights: theta.map((w, i) => w * (this.scale[i % size] ?? 0)),
      bias: this.scaled.bias.slice(),
    };
  }

  /** One pass over the training sentences in a fresh random order, one momentum step per mini-batch. */
  step(): EpochReport {
    const { learningRate, momentum, l2 } = this.settings;
    const batchSize = effectiveBatchSize(this.settings.batchSize, this.order.length);
    const { weights, bias, numClasses } = this.scaled;
    const size = this.vocabulary.terms.length;
    shuffle(this.order, this.rng);
    for (let from = 0; from < this.order.length; from += batchSize) {
      const batch = this.order.slice(from, from + batchSize);
      this.gradW.fill(0);
      this.gradB.fill(0);
      for (const i of batch) {
        const x = this.xs[i]!;
        const p = softmax(logitsOf(this.scaled, x));
        for (let k = 0; k < numClasses; k++) {
          // ∂(−log p_y)/∂z_k = p_k − [k = y]
          const d = p[k]! - (k === this.ys[i] ? 1 : 0);
          this.gradB[k]! += d;
          const row = k * size;
          for (let n = 0; n < x.indices.length; n++) this.gradW[row + x.indices[n]!]! += d * x.values[n]!;
        }
      }
      const mean = 1 / batch.length;
      for (let w = 0; w < weights.length; w++) {
        const g = this.gradW[w]! * mean + l2 * weights[w]!;
        this.velocityW[w] = momentum * this.velocityW[w]! - learningRate * g;
        weights[w]! += this.velocityW[w]!;
      }
      for (let k = 0; k < numClasses; k++) {
        this.velocityB[k] = momentum * this.velocityB[k]! - learningRate * this.gradB[k]! * mean;
        bias[k]! += this.velocityB[k]!;
      }
    }
    this.finished += 1;
    return this.report();
  }

  /**
   * Loss and training accuracy as the model stands, numbered with the epochs finished so far: before the
   * first epoch this is the untrained model (every class equally likely, cross-entropy ln K).
   */
  report(): EpochReport {
    return { epoch: this.finished, ...this.evaluateTraining() };
  }

  /** Runs the remaining epochs and returns their reports. */
  run(): EpochReport[] {
    const reports: EpochReport[] = [];
    while (!this.done) reports.push(this.step());
    return reports;
  }

  private evaluateTraining(): Omit<EpochReport, 'epoch'> {
    let crossEntropy = 0;
    let right = 0;
    for (const [i, x] of this.xs.entries()) {
      const p = softmax(logitsOf(this.scaled, x));
      const y = this.ys[i]!;
      crossEntropy -= Math.log(Math.max(p[y]!, 1e-300));
      if (argmax(p) === y) right++;
    }
    let squares = 0;
    for (const w of this.scaled.weights) squares += w * w;
    const dataLoss = crossEntropy / this.xs.length;
    return { loss: dataLoss + (this.settings.l2 / 2) * squares, dataLoss, accuracy: right / this.xs.length };
  }
}

/** Trains for `settings.epochs` epochs and returns the model with the loss of every epoch. */
export function trainTextClassifier(
  data: readonly LabelledSentence[],
  numClasses: number,
  settings: Partial<TrainSettings> = {},
): { model: TextClassifier; history: EpochReport[] } {
  const trainer = new SoftmaxTrainer(data, numClasses, settings);
  const history = trainer.run();
  return { model: trainer.model(), history };
}

/** What one n-gram of the sentence did to one class's score. */
export interface FeatureContribution {
  readonly feature: string;
  readonly kind: TokenKind;
  /** Occurrences in the sentence (x_j). */
  readonly count: number;
  /** The learned weight W[k][j]. */
  readonly weight: number;
  /** weight × count: what this n-gram added to the score z_k (negative: it pushed away from class k). */
  readonly contribution: number;
  /** Where it occurs in the sentence (UTF-16 offsets). */
  readonly spans: readonly { start: number; end: number }[];
}

/** A piece of the sentence with the share of the score its n-grams gave it (0 for spaces and punctuation). */
export interface HighlightSegment {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly score: number;
}

export interface Explanation {
  readonly classIndex: number;
  /** b_k: the score before reading any word. */
  readonly bias: number;
  /** z_k = bias + Σ contributions. */
  readonly logit: number;
  /** Known n-grams, strongest push (either way) first. */
  readonly contributions: readonly FeatureContribution[];
  /** N-grams never seen in training: they have no weight, so they cannot push. */
  readonly unknown: readonly string[];
  /**
   * The sentence cut into characters/words and the gaps between them. Each occurrence's contribution is
   * shared equally by the units it covers (a bigram gives half to each of its two units), so the segment
   * scores sum to z_k − b_k.
   */
  readonly segments: readonly HighlightSegment[];
}

/**
 * Why the model gave class k its score for this sentence: z_k − b_k = Σ_j W[k][j]·x_j split by n-gram, and
 * spread back over the characters and words of the sentence for highlighting.
 */
export function explain(model: TextClassifier, sentence: string, classIndex: number): Explanation {
  if (!Number.isInteger(classIndex) || classIndex < 0 || classIndex >= model.numClasses) {
    throw new Error(`bad class ${classIndex}`);
  }
  const tokens = tokensFor(model, sentence);
  const size = model.vocabulary.terms.length;
  const row = classIndex * size;
  const units = tokens.filter((t) => t.kind === 'char' || t.kind === 'word');
  const unitScores = new Map<number, number>(units.map((u) => [u.start, 0]));
  const byFeature = new Map<
    string,
    { kind: TokenKind; weight: number; spans: { start: number; end: number }[] }
  >();
  const unknown = new Set<string>();
  for (const token of tokens) {
    const column = model.vocabulary.index.get(token.text);
    if (column === undefined) {
      unknown.add(token.text);
      continue;
    }
    const weight = model.weights[row + column] ?? 0;
    const entry = byFeature.get(token.text) ?? { kind: token.kind, weight, spans: [] };
    entry.spans.push({ start: token.start, end: token.end });
    byFeature.set(token.text, entry);
    const covered = units.filter((u) => u.start >= token.start && u.end <= token.end);
    for (const u of covered)
      unitScores.set(u.start, (unitScores.get(u.start) ?? 0) + weight / covered.length);
  }
  const contributions: FeatureContribution[] = [...byFeature.entries()]
    .map(([feature, { kind, weight, spans }]) => ({
      feature,
      kind,
      count: spans.length,
      weight,
      contribution: weight * spans.length,
      spans,
    }))
    .sort(
      (a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.feature.localeCompare(b.feature),
    );
  const segments: HighlightSegment[] = [];
  let at = 0;
  for (const u of units) {
    if (u.start > at) segments.push({ start: at, end: u.start, text: sentence.slice(at, u.start), score: 0 });
    segments.push({
      start: u.start,
      end: u.end,
      text: sentence.slice(u.start, u.end),
      score: unitScores.get(u.start) ?? 0,
    });
    at = u.end;
  }
  if (at < sentence.length)
    segments.push({ start: at, end: sentence.length, text: sentence.slice(at), score: 0 });
  const bias = model.bias[classIndex] ?? 0;
  return {
    classIndex,
    bias,
    logit: bias + contributions.reduce((s, c) => s + c.contribution, 0),
    contributions,
    unknown: [...unknown],
    segments,
  };
}

/** The n-grams with the largest weights for class k: what the model "learned" about it. */
export function topWeights(
  model: TextClassifier,
  classIndex: number,
  count: number,
): { feature: string; kind: TokenKind; weight: number }[] {
  const size = model.vocabulary.terms.length;
  const row = classIndex * size;
  const columns = Array.from({ length: size }, (_, j) => j);
  columns.sort((a, b) => (model.weights[row + b] ?? 0) - (model.weights[row + a] ?? 0) || a - b);
  return columns.slice(0, count).map((j) => ({
    feature: model.vocabulary.terms[j] ?? '',
    kind: model.vocabulary.kinds[j] ?? 'word',
    weight: model.weights[row + j] ?? 0,
  }));
}
