/**
 * Reads a photographed page of handwritten sums: segment it (`segment.ts`), prepare every character like an
 * MNIST digit (crop, scale to 20 px, centre by mass in 28×28) and let the symbol network vote. TF.js is
 * passed in, as in the digit lab, so this module works in Node (tests, benchmark) and in the browser.
 */
import type * as TF from '@tensorflow/tfjs';
import { DIGIT_PIXELS } from '../digits/dataset.ts';
import { DIGIT_SIZE, preprocessDrawing, type Box } from '../digits/preprocess.ts';
import { findLines, inkMap, segmentLine, type RgbaImage } from './segment.ts';
import { SYMBOLS } from './symbols.ts';

export interface SymbolGuess {
  symbol: string;
  probability: number;
}

export interface ReadChar {
  box: Box;
  /** The 28×28 input the network saw (grey levels 0–1); null for a dot, judged by its size. */
  input: Float32Array | null;
  /** The network's three best guesses, most probable first (a dot: itself, probability 1). */
  guesses: SymbolGuess[];
}

export interface ReadLine {
  box: Box;
  /** What was read, with spaces around operators, e.g. "23 + 45 = 68". */
  text: string;
  /** The least sure character's probability: one doubtful character makes the whole line doubtful. */
  confidence: number;
  chars: ReadChar[];
}

/** Joins symbols into a line as a person writes it: spaces around + - × ÷ = and …. */
export function spacedText(symbols: readonly string[]): string {
  return symbols
    .map((s) => (/[+\-×÷=…]/.test(s) ? ` ${s} ` : s))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function readHandwrittenPage(
  tf: typeof TF,
  model: TF.LayersModel,
  image: RgbaImage,
): Promise<ReadLine[]> {
  const map = inkMap(image);
  const lines = findLines(map.mask, image.width, image.height);
  const pieces = lines.map((band) => segmentLine(map, band));
  const inputs: Float32Array[] = [];
  const read = pieces.map((line) =>
    line.map((piece): ReadChar => {
      if (piece.fixed)
        return { box: piece.box, input: null, guesses: [{ symbol: piece.fixed, probability: 1 }] };
      const input = preprocessDrawing(piece.image)?.digit.pixels ?? new Float32Array(DIGIT_PIXELS);
      inputs.push(input);
      return { box: piece.box, input, guesses: [] };
    }),
  );
  if (inputs.length > 0) {
    const batch = new Float32Array(inputs.length * DIGIT_PIXELS);
    inputs.forEach((input, i) => batch.set(input, i * DIGIT_PIXELS));
    const x = tf.tensor4d(batch, [inputs.length, DIGIT_SIZE, DIGIT_SIZE, 1]);
    const y = model.predict(x) as TF.Tensor;
    const probs = (await y.data()) as Float32Array;
    tf.dispose([x, y]);
    let row = 0;
    for (const char of read.flat()) {
      if (!char.input) continue;
      const p = probs.subarray(row * SYMBOLS.length, (row + 1) * SYMBOLS.length);
      char.guesses = SYMBOLS.map((symbol, i) => ({ symbol, probability: p[i] ?? 0 }))
        .sort((a, b) => b.probability - a.probability)
        .slice(0, 3);
      row++;
    }
  }
  return read.map((chars, i) => ({
    box: lines[i]!,
    text: spacedText(chars.map((c) => c.guesses[0]?.symbol ?? '?')),
    confidence: Math.min(1, ...chars.map((c) => c.guesses[0]?.probability ?? 0)),
    chars,
  }));
}
