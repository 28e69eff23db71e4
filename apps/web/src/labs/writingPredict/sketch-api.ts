/**
 * Sketch to picture's one server call, POST /api/ai/sketchToImage (spec §7 `sketchToImage`): the drawing as
 * a PNG data URL with black lines on white, an optional prompt and a request key, through the project's API
 * client. Failures are explained in the panel (never toasted). The server logs the use after a success.
 */
import {
  SKETCH_TO_IMAGE_PATH,
  sketchToImageResultSchema,
  type SketchToImageRequest,
  type SketchToImageResult,
} from '@ai-edu/contract';
import type { PadStroke } from '../../features/doodles/components/doodle-pad.tsx';
import { aiProblemKindOf, type AiProblem } from '../../lib/ai-problem.ts';
import { labCost, type AiStatus } from '../../lib/ai-status.ts';
import { apiRequest, HttpError, parseProductReply } from '../../lib/api-client.ts';
import { randomHex } from '../../lib/random-key.ts';

export { useAiStatus } from '../../lib/ai-status.ts';

/** The price of one picture. */
export const sketchCost = (status: AiStatus | undefined): number => labCost(status, 'writingPredict');

/** The sketch's side in pixels: square like the pad, small enough to send in a blink. */
export const SKETCH_PIXELS = 512;

/** Why a picture failed, in the terms the panel explains. */
export class SketchError extends Error {
  constructor(readonly problem: AiProblem) {
    super(problem.message || problem.kind);
    this.name = 'SketchError';
  }
}

/**
 * The drawing as the painting model gets it: black lines on white, the pad's strokes scaled from its
 * `padPixels` to `size` pixels with the pen widths they were drawn with.
 */
export function sketchCanvas(
  strokes: readonly PadStroke[],
  padPixels: number,
  size = SKETCH_PIXELS,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size, size);
  const scale = size / padPixels;
  ctx.strokeStyle = '#000';
  ctx.fillStyle = '#000';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    ctx.lineWidth = stroke.width * scale;
    ctx.beginPath();
    if (stroke.x.length === 1) {
      ctx.arc(stroke.x[0]! * scale, stroke.y[0]! * scale, (stroke.width * scale) / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    stroke.x.forEach((x, i) =>
      i === 0 ? ctx.moveTo(x * scale, stroke.y[i]! * scale) : ctx.lineTo(x * scale, stroke.y[i]! * scale),
    );
    ctx.stroke();
  }
  return canvas;
}

/** A random request key of 32 hex digits (works on plain http, where `crypto.randomUUID` does not). */
export function newSketchKey(): string {
  return `sketch-${randomHex()}`;
}

export async function sketchToImage(
  request: SketchToImageRequest,
  signal: AbortSignal,
): Promise<SketchToImageResult> {
  let body: unknown;
  try {
    body = await apiRequest(SKETCH_TO_IMAGE_PATH, {
      method: 'POST',
      json: { ...request },
      toastHttpErrors: false,
      signal,
    });
  } catch (error) {
    if (error instanceof HttpError)
      throw new SketchError({ kind: aiProblemKindOf(error.status), message: error.serverMessage ?? '' });
    if (signal.aborted) throw error;
    throw new SketchError({
      kind: 'network',
      message: error instanceof Error ? error.message : String(error),
    });
  }
  const reply = parseProductReply(body, sketchToImageResultSchema);
  if (!reply.data) throw new SketchError({ kind: 'generic', message: reply.message });
  return reply.data;
}

/** The painting's link with the server's download flag (a file, not a page). */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}
