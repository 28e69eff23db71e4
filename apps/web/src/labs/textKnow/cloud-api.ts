/**
 * The text lab's one server call, POST /api/ai/handwritingOCR (spec §7 `handwritingOCR`): the photo goes as
 * a base64 data URL in JSON, through the project's API client (session, language). Failures are explained
 * in the panel, never toasted. The server logs the use to the experience log after a success.
 */
import { handwritingOcrResultSchema, type HandwritingOcrResult } from '@ai-edu/contract';
import { blobDataUrl } from '../../lib/blob-data-url.ts';
import { aiProblemKindOf } from '../../lib/ai-problem.ts';
import { useAiStatus, labCost, type AiStatus } from '../../lib/ai-status.ts';
import { apiRequest, HttpError, parseProductReply } from '../../lib/api-client.ts';
import type { CloudProblem } from './cloud-logic.ts';

export { useAiStatus };

export const HANDWRITING_PATH = '/api/ai/handwritingOCR';

/** The price of one reading. */
export const readingCost = (status: AiStatus | undefined): number => labCost(status, 'textKnow');

/** Why a reading failed, in the terms the panel explains. */
export class CloudReadError extends Error {
  constructor(readonly problem: CloudProblem) {
    super(problem.message || problem.kind);
    this.name = 'CloudReadError';
  }
}

/** The photo as a `data:` URL. */
export const photoDataUrl = blobDataUrl;

export async function readHandwriting(
  photo: Blob,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<HandwritingOcrResult> {
  const image = await photoDataUrl(photo);
  let body: unknown;
  try {
    body = await apiRequest(HANDWRITING_PATH, {
      method: 'POST',
      json: { image, idempotencyKey },
      toastHttpErrors: false,
      signal,
    });
  } catch (error) {
    if (error instanceof HttpError) {
      const kind = error.status === 413 && !error.serverMessage ? 'tooLarge' : aiProblemKindOf(error.status);
      throw new CloudReadError({ kind, message: error.serverMessage ?? '' });
    }
    if (signal?.aborted) throw error;
    throw new CloudReadError({
      kind: 'network',
      message: error instanceof Error ? error.message : String(error),
    });
  }
  const reply = parseProductReply(body, handwritingOcrResultSchema);
  if (!reply.data) throw new CloudReadError({ kind: 'generic', message: reply.message });
  return reply.data;
}
