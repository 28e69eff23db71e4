/** Signed links to gallery images (see lib/signed-links.ts). */
import { signedLink, verifySignedLink } from '../../lib/signed-links.ts';

export function imageUrl(secret: string, id: string, now: Date): string {
  return signedLink(secret, 'image', '/api/ai/images', id, now);
}

export function verifyImageLink(secret: string, id: string, exp: number, sig: string, now: Date): boolean {
  return verifySignedLink(secret, 'image', id, exp, sig, now);
}
