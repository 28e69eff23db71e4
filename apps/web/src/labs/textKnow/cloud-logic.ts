/** Pure parts of the cloud handwriting panel: what each answer or failure leaves on screen. */
import { HANDWRITING_MAX_BYTES, type HandwritingOcrResult } from '@ai-edu/contract';
import type { AiProblem } from '../../lib/ai-problem.ts';
import { randomHex } from '../../lib/random-key.ts';

/** A failure of the cloud reader; `tooLarge` is caught in the browser before anything is sent. */
export type CloudProblem = AiProblem | { kind: 'tooLarge'; message: string };

export type CloudState =
  | { kind: 'idle' }
  | { kind: 'noPhoto' }
  | { kind: 'reading' }
  /** Text arrived: `charged` false when a retry got an earlier answer back. */
  | { kind: 'done'; characters: number; charged: boolean }
  | { kind: 'empty' }
  | { kind: 'failed'; problem: CloudProblem };

/** What the panel shows after the server answered. */
export function stateOfResult(result: HandwritingOcrResult): CloudState {
  if (!result.text) return { kind: 'empty' };
  return { kind: 'done', characters: [...result.text].length, charged: result.charged };
}

/** Whether pressing the button again with the same photo and key (never charged twice) can help. */
export function canRetry(problem: CloudProblem): boolean {
  return !['notConfigured', 'denied', 'session', 'tooLarge', 'credits'].includes(problem.kind);
}

/** Photos over the server's limit are refused here, before a 20 MB upload that could only fail. */
export function photoTooLarge(photo: Blob): boolean {
  return photo.size > HANDWRITING_MAX_BYTES;
}

/** A random request key of 32 hex digits (works on plain http, where `crypto.randomUUID` does not). */
export function newReadKey(): string {
  return `ocr-${randomHex()}`;
}
