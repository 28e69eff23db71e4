/**
 * Requests of the admin console. Every failure shows the server's own message (already translated through
 * Accept-Language), never a generic status text. The session token is read from the cached user info; the
 * body carries no `user_id` because the console's strict schemas (PATCH /admin/users/:id) refuse unknown
 * keys — the Authorization header identifies the caller.
 */
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { STATUS_OK, type UserInfo } from '@ai-edu/contract';
import { buildApiRequest, type HttpMethod } from '../../../lib/api-client.ts';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';

export class AdminRequestError extends Error {
  constructor(
    readonly status: number,
    /** The server's message, or a description of what went wrong on the way. */
    readonly serverMessage: string,
  ) {
    super(serverMessage);
    this.name = 'AdminRequestError';
  }
}

/** The user info the auth feature caches under `['user-info', uid]` (features may not import each other). */
export function cachedUserInfo(queryClient: QueryClient): UserInfo | undefined {
  for (const [, data] of queryClient.getQueriesData<UserInfo>({ queryKey: ['user-info'] })) {
    if (data) return data;
  }
  return undefined;
}

export interface AdminRequestOptions {
  method?: HttpMethod;
  query?: Record<string, string | number | undefined>;
  json?: Record<string, unknown>;
  /** The caller shows the failure itself (e.g. inside a form). */
  silent?: boolean;
  signal?: AbortSignal;
}

const envelopeSchema = z.object({ status: z.number(), message: z.string().catch(''), data: z.unknown() });

type LooseT = (key: string, options?: Record<string, unknown>) => string;

function requestFailed(status: number): string {
  return (i18n.t as unknown as LooseT)('common.requestFailed', { ns: 'admin-console', status });
}

export async function adminRequest<T extends z.ZodType>(
  queryClient: QueryClient,
  path: string,
  schema: T,
  options: AdminRequestOptions = {},
): Promise<z.infer<T>> {
  const query = Object.fromEntries(
    Object.entries(options.query ?? {})
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  const { url, init } = buildApiRequest(
    path,
    { method: options.method ?? 'GET', query, json: options.json, signal: options.signal },
    { uid: null, language: currentLanguage() },
  );
  const uid = cachedUserInfo(queryClient)?.uid;
  if (uid) (init.headers as Record<string, string>).Authorization = `Bearer ${uid}`;

  try {
    let res: Response;
    try {
      res = await fetch(url, init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new AdminRequestError(0, error instanceof Error ? error.message : String(error));
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      // Not JSON: described by the status below.
    }
    const envelope = envelopeSchema.safeParse(body);
    if (!res.ok || !envelope.success || envelope.data.status < STATUS_OK) {
      const message =
        envelope.success && envelope.data.message ? envelope.data.message : requestFailed(res.status);
      throw new AdminRequestError(res.status, message);
    }
    const parsed = schema.safeParse(envelope.data.data);
    if (!parsed.success) {
      console.error(`${path}: unexpected reply`, parsed.error);
      throw new AdminRequestError(res.status, requestFailed(res.status));
    }
    return parsed.data;
  } catch (error) {
    if (!options.silent && error instanceof AdminRequestError) toast(error.serverMessage);
    throw error;
  }
}

/** The message to show for any failure caught around `adminRequest`. */
export function failureMessage(error: unknown): string {
  if (error instanceof AdminRequestError) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}
