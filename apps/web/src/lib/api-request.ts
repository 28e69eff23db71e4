/**
 * The generic request helper of spec §7/§8 over the HTTP client: a product-API reply with `status` below 1
 * toasts the server's message (or '{last path segment} request failed'), a request that got no answer
 * toasts '{last path segment} request failed: {message}'. HTTP errors were toasted by the client already.
 * Hooks run it through TanStack Query: loading per URL, cancellation on unmount.
 */
import { useCallback, useEffect, useId, useRef } from 'react';
import {
  useMutation,
  useMutationState,
  useQuery,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { STATUS_OK } from '@ai-edu/contract';
import {
  apiRequest,
  HttpError,
  isUnexpectedReply,
  readEnvelope,
  resolveSchema,
  type ApiRequestOptions,
  type SchemaSource,
} from './api-client.ts';
import { i18n } from './i18n.ts';
import { toast } from './toast.ts';

/** A reply with `status` below 1: the server refused and said why in `message`. */
export class ApiStatusError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(serverMessage || `status ${status}`);
    this.name = 'ApiStatusError';
  }
}

/** '/api/user/getUserInfo?x=1' → 'getUserInfo'. */
export function lastPathSegment(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname.split('/').filter(Boolean).at(-1) ?? pathname;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** What the user is told about a failed request, or null when nothing more should be shown. */
export function requestFailureText(path: string, error: unknown): string | null {
  const name = lastPathSegment(path);
  if (isAbort(error) || error instanceof HttpError) return null;
  if (error instanceof ApiStatusError) return error.serverMessage || i18n.t('http.requestFailed', { name });
  if (isUnexpectedReply(error)) return i18n.t('http.requestFailed', { name });
  const message = error instanceof Error ? error.message : String(error);
  return i18n.t('http.requestFailedWith', { name, message });
}

/** One product-API call: the parsed `data` of a success; any failure is shown to the user and thrown. */
export async function callApi<T extends z.ZodType>(
  path: string,
  options: ApiRequestOptions,
  dataSchema: SchemaSource<T>,
): Promise<z.infer<T>> {
  try {
    const [body, schema] = await Promise.all([apiRequest(path, options), resolveSchema(dataSchema)]);
    const { status, message, data } = readEnvelope(body);
    if (status < STATUS_OK) throw new ApiStatusError(status, message);
    return schema.parse(data);
  } catch (error) {
    const text = requestFailureText(path, error);
    if (text) toast(text);
    if (isUnexpectedReply(error)) console.error(`${path}: unexpected reply`, error);
    throw error;
  }
}

/** A read (GET by default) cached by TanStack Query under `queryKey`; cancelled when no component needs it. */
export function useApiQuery<T extends z.ZodType>(
  queryKey: QueryKey,
  path: string,
  dataSchema: SchemaSource<T>,
  options: { request?: ApiRequestOptions; enabled?: boolean; staleTime?: number } = {},
): UseQueryResult<z.infer<T>> {
  const { request, enabled, staleTime } = options;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(path, { method: 'GET', ...request, signal }, dataSchema),
    enabled,
    staleTime,
  });
}

interface RequestVariables {
  path: string;
  options: ApiRequestOptions;
  schema: z.ZodType;
}

/**
 * Actions (POST by default): `request` resolves to the reply's data, or to `undefined` after a failure the
 * user has already been told about. `isLoading(path)` tracks each URL; requests still running when the
 * component unmounts are cancelled.
 */
export function useApiRequest() {
  const scope = useId();
  const mutationKey = ['api-request', scope];
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
      running.clear();
    };
  }, []);

  const { mutateAsync } = useMutation({
    mutationKey,
    mutationFn: ({ path, options, schema }: RequestVariables) => callApi(path, options, schema),
  });

  const pending = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as RequestVariables | undefined)?.path ?? '',
  });

  const request = useCallback(
    async <T extends z.ZodType>(
      path: string,
      dataSchema: T,
      options: ApiRequestOptions = {},
    ): Promise<z.infer<T> | undefined> => {
      const controller = new AbortController();
      controllers.current.add(controller);
      try {
        return (await mutateAsync({
          path,
          options: { ...options, signal: controller.signal },
          schema: dataSchema,
        })) as z.infer<T>;
      } catch {
        return undefined;
      } finally {
        controllers.current.delete(controller);
      }
    },
    [mutateAsync],
  );

  const isLoading = useCallback((path: string) => pending.includes(path), [pending]);
  return { request, isLoading, loading: pending.length > 0 };
}
