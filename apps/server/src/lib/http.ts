/** Small helpers every route uses: input parsing, reply shapes and the request's language. */
import { messageText, pickLanguage, STATUS_OK, type Language, type MessageKey } from '@ai-edu/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** Parses request input; a ZodError becomes a 400 with the reasons in the error handler. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  return schema.parse(value ?? {});
}

export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

export function productOk<T>(request: FastifyRequest, data: T, message: MessageKey = 'ok') {
  return { status: STATUS_OK, message: messageText(message, languageOf(request)), data };
}

export function accountOk<T>(request: FastifyRequest, data: T) {
  return { code: 0, message: messageText('ok', languageOf(request)), data };
}

/** Never log secrets that travel in query strings (SSO tokens, login uuids, session ids). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:jwt|uuid|user_id|token)=)[^&#]*/gi, '$1[redacted]');
}
