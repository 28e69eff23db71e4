/**
 * The review's own links to students' paintings. They are signed for another purpose and served at another
 * path than the student's gallery links (`/api/ai/images/…`), so a painting the teacher hid stops loading
 * for the student while the class's staff can still look at it (the review blurs it). Like every signed
 * link it works without the session header (an <img> sends none) and expires after a day.
 */
import { aiImages, type Db } from '@ai-edu/db';
import { eq } from 'drizzle-orm';
import { signedLink, verifySignedLink } from '../../lib/signed-links.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { paintingBytes } from '../ai/store.ts';

const SCOPE = 'review-image';
export const REVIEW_IMAGE_BASE = '/api/review-images';

export function reviewImageUrl(secret: string, imageId: string, now: Date): string {
  return signedLink(secret, SCOPE, REVIEW_IMAGE_BASE, imageId, now);
}

export function verifyReviewImageLink(secret: string, id: string, exp: number, sig: string, now: Date) {
  return verifySignedLink(secret, SCOPE, id, exp, sig, now);
}

/** The painting's type and bytes, hidden or not; undefined when there is no such painting (or its bytes are gone). */
export async function paintingForReview(db: Db, storage: BlobStore, id: string) {
  const [row] = await db
    .select({ mime: aiImages.mime, data: aiImages.data, storageKey: aiImages.storageKey })
    .from(aiImages)
    .where(eq(aiImages.id, id));
  const data = row && (await paintingBytes(storage, row));
  return row && data ? { mime: row.mime, data } : undefined;
}
