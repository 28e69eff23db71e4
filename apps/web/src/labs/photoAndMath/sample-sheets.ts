/**
 * The two sample worksheets, drawn by our own code so nothing is downloaded for them: a printed one (text on
 * a canvas) and a handwritten one composed from held-out MNIST digits (the digit lab's pack, which the
 * network never trained on) and operators our generator draws. Each has 10 sums, exactly 2 of them wrong.
 */
import { seededRandom } from '@ai-edu/ml/random.ts';
import { SAMPLE_SHEETS, worksheet, type Exercise } from '@ai-edu/ml/math/exercises.ts';
import { composeSheet, digitPicker, inkToRgba } from '@ai-edu/ml/math/handwritten-sheet.ts';
import { loadPack } from '../numberPredict/pack.ts';

const { lines: SAMPLE_LINES, wrong: SAMPLE_WRONG, options: OPTIONS } = SAMPLE_SHEETS;

export function printedExercises(seed: number = SAMPLE_SHEETS.printedSeed): Exercise[] {
  return worksheet(seededRandom(seed), SAMPLE_LINES, SAMPLE_WRONG, OPTIONS);
}

export function printedSheet(exercises = printedExercises()): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = 900;
  canvas.height = 60 + exercises.length * 72;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fdfcf8';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#1d1d1f';
  context.font = '40px sans-serif';
  context.textBaseline = 'middle';
  exercises.forEach((exercise, i) => context.fillText(exercise.text, 60, 60 + i * 72));
  return canvas;
}

export async function handwrittenSheet(
  seed: number = SAMPLE_SHEETS.handwrittenSeed,
): Promise<{ canvas: HTMLCanvasElement; exercises: Exercise[] }> {
  const pack = await loadPack();
  const rng = seededRandom(seed);
  const exercises = worksheet(rng, SAMPLE_LINES, SAMPLE_WRONG, OPTIONS);
  const sheet = composeSheet(
    exercises.map((e) => e.text),
    rng,
    digitPicker(pack.test, rng),
  );
  const page = inkToRgba(sheet.ink, 2);
  const canvas = document.createElement('canvas');
  canvas.width = page.width;
  canvas.height = page.height;
  canvas
    .getContext('2d')!
    .putImageData(new ImageData(new Uint8ClampedArray(page.data), page.width, page.height), 0, 0);
  return { canvas, exercises };
}
