/**
 * A trained text classifier as JSON text and back, for a browser's store (the block studio's model library
 * keeps the text trainer's models this way). Reading checks the shape: a damaged record is refused with a
 * reason, never half-read.
 */
import type { TextClassifier } from './classifier.ts';
import { vocabularyFrom } from './features.ts';
import type { TokenKind } from './tokenize.ts';

export const TEXT_MODEL_FORMAT = 'ai-edu-text-classifier';

const KINDS: readonly TokenKind[] = ['char', 'charBigram', 'word', 'wordBigram'];

export function textClassifierToJson(model: TextClassifier): string {
  return JSON.stringify({
    format: TEXT_MODEL_FORMAT,
    version: 1,
    numClasses: model.numClasses,
    bigrams: model.bigrams,
    terms: model.vocabulary.terms,
    kinds: model.vocabulary.kinds,
    weights: [...model.weights],
    bias: [...model.bias],
  });
}

const numbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((n) => typeof n === 'number' && Number.isFinite(n));

/** The classifier a `textClassifierToJson` text holds; throws an Error saying what is wrong otherwise. */
export function textClassifierFromJson(text: string): TextClassifier {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error('the text model is not JSON');
  }
  if (typeof data !== 'object' || data === null || data.format !== TEXT_MODEL_FORMAT || data.version !== 1)
    throw new Error('not a text model of this version');
  const { numClasses, bigrams, terms, kinds, weights, bias } = data;
  if (typeof numClasses !== 'number' || !Number.isInteger(numClasses) || numClasses < 1)
    throw new Error('the text model has no classes');
  if (!Array.isArray(terms) || !terms.every((t) => typeof t === 'string'))
    throw new Error('the text model’s vocabulary is damaged');
  if (
    !Array.isArray(kinds) ||
    kinds.length !== terms.length ||
    !kinds.every((k) => KINDS.includes(k as TokenKind))
  )
    throw new Error('the text model’s vocabulary is damaged');
  if (
    !numbers(weights) ||
    weights.length !== numClasses * terms.length ||
    !numbers(bias) ||
    bias.length !== numClasses
  )
    throw new Error('the text model’s weights are damaged');
  return {
    numClasses,
    bigrams: bigrams === true,
    vocabulary: vocabularyFrom(terms, kinds as TokenKind[]),
    weights: Float64Array.from(weights),
    bias: Float64Array.from(bias),
  };
}
