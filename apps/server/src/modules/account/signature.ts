/**
 * Account-service request signatures (issue 2): `Sign` = hex HMAC-SHA256(ACCOUNT_SIGN_KEY,
 * METHOD\npathname\nC-Date), with C-Date in milliseconds no more than 300 s from the server's clock.
 */
import { signRequest, SIGN_MAX_SKEW_MS } from '@ai-edu/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/tokens.ts';

const invalid = () => new AppError('invalidSignature', 401, -9);

export function checkSignature(request: FastifyRequest, key: string, now: number): void {
  const cDate = request.headers['c-date'];
  const sign = request.headers['sign'];
  if (typeof cDate !== 'string' || typeof sign !== 'string' || !/^\d{1,16}$/.test(cDate)) throw invalid();
  if (Math.abs(now - Number(cDate)) > SIGN_MAX_SKEW_MS) throw invalid();
  const pathname = request.url.split('?')[0] ?? '';
  const expected = signRequest(key, request.method, pathname, cDate);
  if (!safeEqual(expected, sign.toLowerCase())) throw invalid();
}
