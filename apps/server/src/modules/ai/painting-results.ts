/**
 * What the two painting calls (textToImage_model, sketchToImage) do with a picture around the gateway: a retry
 * of a delivered one answers the kept painting again, free; a new one is kept in the gallery and only then
 * charged; a picture that could not be kept is refunded.
 */
import type { Db } from '@ai-edu/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AiGateway, AiRequestRow, Admission } from './gateway.ts';
import { imageMeta, saveImage, toPainting } from './store.ts';

type NewImage = Parameters<typeof saveImage>[1];

export function paintingResults(
  db: Db,
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
      row = await saveImage(db, image, now());
      await gateway.commit(admitted, { imageId: row.id });
    } catch (error) {
      // A picture that could not be kept is not charged.
      request.log.error({ err: error }, `${what} failed after the reservation`);
      await refundQuietly(admitted, error);
      throw new AppError('internalRefunded', 500);
    }
    return { ...toPainting(row, mediaSecret, now()), balance: admitted.balance };
  }

  return { replayed, kept };
}
