/** The AI painting lab's calls: provider status, painting, and the caller's gallery kept on the server. */
import { z } from 'zod';
import { paintingSchema, type TextToImageRequest } from '@ai-edu/contract';
import { labCost, type AiStatus } from '../../lib/ai-status.ts';
import { apiRequest, HttpError } from '../../lib/api-client.ts';
import { useApiQuery } from '../../lib/api-request.ts';
import { kindOfStatus, type PaintProblem } from './paint-logic.ts';

export { useAiStatus } from '../../lib/ai-status.ts';

/** The price of one painting. */
export const paintingCost = (status: AiStatus | undefined): number => labCost(status, 'textToImage');

export const galleryKey = ['ai-images'] as const;

/** GET /api/ai/images: the caller's paintings, newest first, each with a signed link valid 24 h. */
export function useGallery() {
  return useApiQuery(galleryKey, '/api/ai/images', z.array(paintingSchema));
}

const paintReplySchema = z.object({
  status: z.number(),
  message: z.string().catch(''),
  data: paintingSchema.extend({ balance: z.number() }).nullable(),
});
export type PaintResult = NonNullable<z.infer<typeof paintReplySchema>['data']>;

/** Why a painting failed, in the terms the page explains. */
export class PaintError extends Error {
  constructor(readonly problem: PaintProblem) {
    super(problem.message || problem.kind);
    this.name = 'PaintError';
  }
}

/**
 * POST /api/ai/textToImage_model. Errors are explained on the page (not toasted): the server's message with
 * what it means (not configured, credits, limits, provider failure — refunded).
 */
export async function paint(request: TextToImageRequest, signal: AbortSignal): Promise<PaintResult> {
  let body: unknown;
  try {
    body = await apiRequest('/api/ai/textToImage_model', {
      method: 'POST',
      json: { ...request },
      toastHttpErrors: false,
      signal,
    });
  } catch (error) {
    if (error instanceof HttpError)
      throw new PaintError({ kind: kindOfStatus(error.status), message: error.serverMessage ?? '' });
    if (signal.aborted) throw error;
    throw new PaintError({
      kind: 'network',
      message: error instanceof Error ? error.message : String(error),
    });
  }
  const reply = paintReplySchema.parse(body);
  if (!reply.data) throw new PaintError({ kind: 'generic', message: reply.message });
  return reply.data;
}

export const imagePath = (id: string) => `/api/ai/images/${encodeURIComponent(id)}`;
