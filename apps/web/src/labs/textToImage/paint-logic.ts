/** Pure helpers of the painting page: failures, sizes, links and the waiting bar. */
import type { IMAGE_SIZES } from '@ai-edu/contract';
import { aiProblemKindOf, type AiProblem, type AiProblemKind } from '../../lib/ai-problem.ts';
import { randomHex } from '../../lib/random-key.ts';

export type PaintProblemKind = AiProblemKind;
export type PaintProblem = AiProblem;

export const kindOfStatus = aiProblemKindOf;

/** Whether pressing Paint again (with the same request key: never charged twice) can help. */
export function canRetry(problem: PaintProblem): boolean {
  return !['notConfigured', 'denied', 'session'].includes(problem.kind);
}

export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Width and height of a size like '1792x1024'. */
export function dimensionsOf(size: string): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number);
  return width && height ? { width, height } : { width: 1, height: 1 };
}

/** The text key of a size's shape. */
export function shapeOf(size: string): 'square' | 'portrait' | 'landscape' | 'small' {
  const { width, height } = dimensionsOf(size);
  if (width === height) return width < 1024 ? 'small' : 'square';
  return width > height ? 'landscape' : 'portrait';
}

/** The signed image link that answers as a file download. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/**
 * How far the waiting bar goes after `seconds`: the provider says nothing about its progress, so the bar
 * eases towards 95 % over about two minutes and never claims to be done.
 */
export function waitingPercent(seconds: number): number {
  return Math.min(95, Math.round(95 * (1 - Math.exp(-Math.max(0, seconds) / 40))));
}

/** A random request key of 32 hex digits (works on plain http, where `crypto.randomUUID` does not). */
export function newRequestKey(): string {
  return `paint-${randomHex()}`;
}
