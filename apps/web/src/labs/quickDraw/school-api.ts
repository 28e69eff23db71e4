/**
 * The school's doodle set on the server (/api/doodles): read it, share a game's drawings, remove one or
 * clear it. Failures are shown where they happen (the share panel, the set's tab), never as a second toast.
 */
import {
  clearDoodlesResultSchema,
  doodleSetSchema,
  shareDoodlesResultSchema,
  type ClearDoodlesResult,
  type DoodleSet,
  type ShareDoodlesRequest,
  type ShareDoodlesResult,
} from '@ai-edu/contract';
import type { z } from 'zod';
import {
  apiRequest,
  HttpError,
  httpErrorText,
  parseProductReply,
  type HttpMethod,
} from '../../lib/api-client.ts';

export const DOODLES_PATH = '/api/doodles';
export const DOODLES_QUERY_KEY = ['quickDraw', 'school-doodles'] as const;

/** A refused or failed call, with the text to show (the server's own message when it gave one). */
export class DoodleApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DoodleApiError';
  }
}

async function call<T extends z.ZodType>(
  method: HttpMethod,
  path: string,
  schema: T,
  json?: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await apiRequest(path, { method, json, signal, toastHttpErrors: false });
  } catch (error) {
    if (error instanceof HttpError) {
      throw new DoodleApiError(error.serverMessage ?? httpErrorText(error.status), error.status);
    }
    throw new DoodleApiError(error instanceof Error ? error.message : String(error), 0);
  }
  const reply = parseProductReply(body, schema);
  if (!reply.data) throw new DoodleApiError(reply.message, 200);
  return reply.data;
}

export const fetchDoodleSet = (signal?: AbortSignal): Promise<DoodleSet> =>
  call('GET', DOODLES_PATH, doodleSetSchema, undefined, signal);

export const shareDoodles = (request: ShareDoodlesRequest): Promise<ShareDoodlesResult> =>
  call('POST', DOODLES_PATH, shareDoodlesResultSchema, { ...request });

export const clearDoodles = (): Promise<ClearDoodlesResult> =>
  call('DELETE', DOODLES_PATH, clearDoodlesResultSchema);

export const removeDoodle = (id: number): Promise<ClearDoodlesResult> =>
  call('DELETE', `${DOODLES_PATH}/${id}`, clearDoodlesResultSchema);
