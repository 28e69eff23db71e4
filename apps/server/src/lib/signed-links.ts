/**
 * Signed, expiring links for files that <img>, <video> and download links load without the session header
 * (gallery paintings, course files). A link names one file of one kind and stops working after its time.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens.ts';

export const LINK_TTL_MS = 24 * 3600_000;

function signature(secret: string, scope: string, id: string, exp: number): string {
  return createHmac('sha256', secret).update(`${scope}:${id}:${exp}`).digest('base64url');
}

/** `${base}/${id}?exp=…&sig=…`, valid for a day. */
export function signedLink(secret: string, scope: string, base: string, id: string, now: Date): string {
  const exp = now.getTime() + LINK_TTL_MS;
  return `${base}/${id}?exp=${exp}&sig=${signature(secret, scope, id, exp)}`;
}

export function verifySignedLink(
  secret: string,
  scope: string,
  id: string,
  exp: number,
  sig: string,
  now: Date,
) {
  return exp > now.getTime() && safeEqual(signature(secret, scope, id, exp), sig);
}
