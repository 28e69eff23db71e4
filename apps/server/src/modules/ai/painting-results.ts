/**
 * What the two painting calls (textToImage_model, sketchToImage) do with a picture around the gateway: a retry
 * of a delivered one answers the kept painting again, free; a new one is kept in the gallery and only then
 * charged; a picture that could not be kept is refunded. Either way a student's painting prompt is recorded
 * for the class's review.
 */
import type { Db } from '@ai-edu/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import type { ReviewedCall } from '../ai-review/record.ts';
import type { AiGateway, AiRequestRow, Admission } from './gateway.ts';
import { imageMeta, saveImage, toPainting } from './store.ts';

type NewImage = Parameters<typeof saveImage>[2];

export function paintingResults(
  db: Db,
  storage: BlobStore,
  gateway: AiGateway,
  refundQuietly: (admitted: Admission, cause: unknown) => Promise<number>,
  mediaSecret: string,
  now: () => Date,
) {
  /** The painting an earlier success delivered, with the caller's balance (nothing charged). */
  async function replayed(earlier: AiRequestRow, balance: number) {
    const { imageId } = earlier.result as { imageId: string };
    const row = await imageMeta(db, imageId);
    if (!row) throw new AppError('notFound', 404);
    return { ...toPainting(row, mediaSecret, now()), balance };
  }

  /** Keeps a delivered picture and its charge; `what` names the call in the log if keeping it fails. */
  async function kept(request: FastifyRequest, admitted: Admission, image: NewImage, what: string) {
    let row;
    try {
      row = await saveImage(db, storage, image, now());
      await gateway.commit(admitted, { imageId: row.id });
    } catch (error) {
      // A picture that could not be kept is not charged.
      request.log.error({ err: error }, `${what} failed after the reservation`);
      await refundQuietly(admitted, error);
      throw new AppError('internalRefunded', 500);
    }
    return { ...toPainting(row, mediaSecret, now()), balance: admitted.balance };
  }

  /**
   * Paints (`paint` calls the provider, refunding on its failure), keeps the picture and records the outcome
   * for the review: the kept painting and its charge, or a failure with nothing charged.
   */
  async function delivered(
    request: FastifyRequest,
    admitted: Admission,
    call: { review: ReviewedCall; prompt: string; what: string },
    paint: () => Promise<NewImage>,
  ) {
    const { review, prompt } = call;
    const requestId = admitted.request.id;
    let painting;
    try {
      painting = await kept(request, admitted, await paint(), call.what);
    } catch (error) {
      await review.record({ prompt, credits: 0, status: 'failed', requestId });
      throw error;
    }
    const credits = admitted.request.cost;
    await review.record({ prompt, imageId: painting.id, credits, status: 'answered', requestId });
    return painting;
  }

  return { replayed, delivered };
}
