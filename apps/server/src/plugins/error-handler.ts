/**
 * The one error handler. It speaks the wire shape of the API the request was for: `{code, message, data}`
 * for the account service, `{status, message, data}` for the product API. Client mistakes are 4xx with a
 * clear, translated message; a 503 the server chose (LimiterUnavailable: Redis down) carries Retry-After and
 * is logged as a warning; anything else is a generic 500 logged in full with the request id.
 */
import {
  ACCOUNT_BASE_PATH,
  makeMessages,
  messageText,
  serverMessages,
  trainMessages,
  type Language,
  type MessageKey,
} from '@ai-edu/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors.ts';
import { languageOf } from '../lib/http.ts';

const KEY_BY_STATUS: Record<number, MessageKey> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMedia',
  429: 'tooManyRequests',
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  httpStatus: number,
  key: MessageKey,
  code: number,
  detail?: string,
) {
  const text = messageText(key, languageOf(request));
  const message = detail ? `${text}: ${detail}` : text;
  const body = request.url.startsWith(ACCOUNT_BASE_PATH)
    ? { code, message, data: null }
    : { status: 0, message, data: null };
  return reply.status(httpStatus).send(body);
}

/** Contract rules whose zod message is a catalogue text (the NUL and display-name rules): translated back. */
const KEY_BY_ENGLISH = new Map(
  Object.entries({ ...serverMessages, ...trainMessages, ...makeMessages }).map(([key, texts]) => [
    texts.en as string,
    key as MessageKey,
  ]),
);

function zodDetail(error: ZodError, language: Language): string {
  return error.issues
    .slice(0, 5)
    .map((i) => {
      const key = KEY_BY_ENGLISH.get(i.message);
      const message = key ? messageText(key, language) : i.message;
      return i.path.length ? `${i.path.join('.')}: ${message}` : message;
    })
    .join('; ');
}

export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      // A 503 the server chose (e.g. Redis down, limits failing closed) is for operators to see, not a bug.
      if (error.httpStatus >= 500) request.log.warn({ err: error }, 'answered with a server-side refusal');
      for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
      return sendError(request, reply, error.httpStatus, error.messageKey, error.code, error.detail);
    }
    if (error instanceof ZodError) {
      return sendError(request, reply, 400, 'badRequest', -1, zodDetail(error, languageOf(request)));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const key = KEY_BY_STATUS[status] ?? 'badRequest';
      return sendError(
        request,
        reply,
        status,
        key,
        status === 401 ? -9 : -1,
        key === 'badRequest' ? error.message : undefined,
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, 'internal', -1);
  });
});
