/**
 * The lab's server calls: GET /api/ai/volc_status (are the cloud tools set up, and their price) and the
 * spec's paid calls POST /api/ai/volc_repair, volc_enhance, volc_px (§7). The photo goes as a data URL in
 * JSON through the project's API client; failures are explained in the panel, never toasted. The server
 * writes the experience log after a success.
 */
import {
  CREDIT_COSTS,
  IMAGE_FIX_CLOUD_MAX_SIDE,
  IMAGE_FIX_MAX_BYTES,
  IMAGE_FIX_MIN_SIDE,
  imageFixResultSchema,
  imageFixStatusSchema,
  type ImageFixCloudCall,
  type ImageFixResult,
} from '@ai-edu/contract';
import { blobDataUrl } from '../../lib/blob-data-url.ts';
import { aiProblemKindOf, type AiProblem } from '../../lib/ai-problem.ts';
import { apiRequest, HttpError, parseProductReply } from '../../lib/api-client.ts';
import { useApiQuery } from '../../lib/api-request.ts';
import { canvasBlob } from './picture.ts';
import { randomHex } from '../../lib/random-key.ts';

export const VOLC_STATUS_PATH = '/api/ai/volc_status';

export function useVolcStatus() {
  return useApiQuery(['volc-status'], VOLC_STATUS_PATH, imageFixStatusSchema, { staleTime: 60_000 });
}

export const cloudCost = (status: { cost: number } | undefined) => status?.cost ?? CREDIT_COSTS.imageFix;

/** Why a cloud call did not happen or failed; the size problems are caught here before sending. */
export type CloudProblem =
  AiProblem | { kind: 'tooLarge'; message: string; maxSide: number } | { kind: 'tooSmall'; message: string };

export class CloudFixError extends Error {
  constructor(readonly problem: CloudProblem) {
    super(problem.message || problem.kind);
    this.name = 'CloudFixError';
  }
}

/** The size problem with sending this picture to `call`, or undefined when it may go. */
export function cloudSizeProblem(
  call: ImageFixCloudCall,
  width: number,
  height: number,
): CloudProblem | undefined {
  if (Math.min(width, height) < IMAGE_FIX_MIN_SIDE) return { kind: 'tooSmall', message: '' };
  const maxSide = IMAGE_FIX_CLOUD_MAX_SIDE[call];
  if (Math.max(width, height) > maxSide) return { kind: 'tooLarge', message: '', maxSide };
  return undefined;
}

/** A random request key of 32 hex digits (works on plain http, where `crypto.randomUUID` does not). */
export function newFixKey(): string {
  return `fix-${randomHex()}`;
}

/** The picture as a data URL under the size limit: PNG when it fits, else a high-quality JPEG. */
export async function pictureDataUrl(canvas: HTMLCanvasElement): Promise<string> {
  let blob = await canvasBlob(canvas);
  if (blob.size > IMAGE_FIX_MAX_BYTES) blob = await canvasBlob(canvas, 'image/jpeg', 0.92);
  return blobDataUrl(blob);
}

export async function sendToCloud(
  call: ImageFixCloudCall,
  body: { image: string; idempotencyKey: string } & Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ImageFixResult> {
  let reply: unknown;
  try {
    reply = await apiRequest(`/api/ai/${call}`, {
      method: 'POST',
      json: body,
      toastHttpErrors: false,
      signal,
    });
  } catch (error) {
    if (error instanceof HttpError)
      throw new CloudFixError({ kind: aiProblemKindOf(error.status), message: error.serverMessage ?? '' });
    if (signal?.aborted) throw error;
    throw new CloudFixError({
      kind: 'network',
      message: error instanceof Error ? error.message : String(error),
    });
  }
  const parsed = parseProductReply(reply, imageFixResultSchema);
  if (!parsed.data) throw new CloudFixError({ kind: 'generic', message: parsed.message });
  return parsed.data;
}

/** The answer's picture decoded into a canvas. */
export async function resultCanvas(dataUrl: string): Promise<HTMLCanvasElement> {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  canvas.getContext('2d')?.drawImage(image, 0, 0);
  return canvas;
}
