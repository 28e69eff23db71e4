/**
 * One product-API call for features that show the server's own message on failure (already translated
 * through Accept-Language): the reply's `data`, or a `RequestError` after a toast.
 */
import { STATUS_OK } from '@ai-edu/contract';
import { apiRequest, HttpError, httpErrorText, type ApiRequestOptions } from './api-client.ts';
import { toast } from './toast.ts';

export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** One product-API call: the reply's `data`; a failure toasts the server's message (unless `silent`). */
export async function call<T>(
  path: string,
  options: ApiRequestOptions & { silent?: boolean } = {},
): Promise<T> {
  const { silent, ...rest } = options;
  try {
    const body = (await apiRequest(path, { method: 'GET', ...rest, toastHttpErrors: false })) as {
      status?: number;
      message?: string;
      data?: unknown;
    };
    if (typeof body.status !== 'number' || body.status < STATUS_OK) {
      throw new RequestError(200, body.message || path);
    }
    return body.data as T;
  } catch (error) {
    const failure =
      error instanceof RequestError
        ? error
        : error instanceof HttpError
          ? new RequestError(error.status, error.serverMessage ?? httpErrorText(error.status))
          : new RequestError(0, error instanceof Error ? error.message : String(error));
    if (!silent && !(error instanceof DOMException && error.name === 'AbortError')) toast(failure.message);
    throw failure;
  }
}
