/**
 * Services throw AppError; the one error handler turns it into the wire shape of the API it came from
 * ({code,…} for the account service, {status,…} for the product API) with the right HTTP status.
 */
import type { MessageKey } from '@ai-edu/contract';

export class AppError extends Error {
  constructor(
    /** Catalogue key of the message the client sees, translated per request. */
    readonly messageKey: MessageKey,
    /** HTTP status; 200 for an expected business failure the spec's clients read from the body. */
    readonly httpStatus: number = 200,
    /** Account-service `code` (negative); unused by the product API, whose failures are status 0. */
    readonly code: number = -1,
    readonly headers: Record<string, string> = {},
    /** Appended to the translated message, for input errors that need saying exactly. */
    readonly detail?: string,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const badRequest = (detail?: string) => new AppError('badRequest', 400, -1, {}, detail);
export const unauthorized = () => new AppError('unauthorized', 401, -9);
export const forbidden = () => new AppError('forbidden', 403, -1);
/** 429 with Retry-After in whole seconds; `key` and `detail` let a limit say which it is and when to retry. */
export function tooManyRequests(
  retryAfterMs: number,
  code = -6,
  key: MessageKey = 'tooManyRequests',
  detail?: string,
) {
  return new AppError(
    key,
    429,
    code,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    detail,
  );
}
