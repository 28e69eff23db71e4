/**
 * HTTP client for the product API (same origin). Adds the session (`user_id` in every POST/PUT/PATCH body and
 * `Authorization: Bearer`), asks for server messages in the UI language, returns the reply body and toasts
 * HTTP errors per spec §8. Flows that show their own messages (sign-in) pass `toastHttpErrors: false` so the
 * user never sees two toasts for one failure.
 */
import type { z } from 'zod';
import { STATUS_OK } from '@ai-edu/contract';
import { parseRetryAfter } from './backoff.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { toast } from './toast.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type FormValues = Record<string, string | undefined>;

export interface ApiRequestOptions {
  method?: HttpMethod;
  query?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: FormValues;
  /** Sent as application/json. */
  json?: Record<string, unknown>;
  toastHttpErrors?: boolean;
  signal?: AbortSignal;
  /** Lets the request outlive the page (logs sent while leaving). */
  keepalive?: boolean;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** The `message` of a JSON error body, already translated by the server. */
    readonly serverMessage: string | null,
    /** The reply's Retry-After (a 429 or a 503 the server chose), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`HTTP ${status}${serverMessage ? `: ${serverMessage}` : ''}`);
    this.name = 'HttpError';
  }
}

let uidSource: () => string | null | undefined = () => null;
let unauthorizedHandler: () => void = () => {};

/**
 * The app wires the session store in at boot; lib code must not import a feature. `onUnauthorized` runs when
 * the server refuses the session we sent (expired, revoked, disabled account).
 */
export function configureApiClient(options: {
  getUid: () => string | null | undefined;
  onUnauthorized?: () => void;
}): void {
  uidSource = options.getUid;
  unauthorizedHandler = options.onUnauthorized ?? (() => {});
}

const BODY_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH']);

/** Pure part of a request: URL, headers and body with the session added. */
export function buildApiRequest(
  path: string,
  options: ApiRequestOptions,
  context: { uid: string | null | undefined; language: string },
): { url: string; init: RequestInit } {
  const method = options.method ?? 'POST';
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': context.language };
  const uid = context.uid || null;
  if (uid) headers.Authorization = `Bearer ${uid}`;

  let body: string | undefined;
  if (BODY_METHODS.has(method)) {
    if (options.json) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(uid ? { ...options.json, user_id: uid } : options.json);
    } else {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(options.form ?? {})) {
        if (value !== undefined) form.set(key, value);
      }
      if (uid) form.set('user_id', uid);
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = form.toString();
    }
  }
  const init: RequestInit = { method, headers, body, signal: options.signal };
  if (options.keepalive) init.keepalive = true;
  return { url: `${path}${query}`, init };
}

const HTTP_TEXT_KEYS = {
  400: 'http.badRequest',
  401: 'http.unauthorized',
  403: 'http.forbidden',
  404: 'http.notFound',
  500: 'http.serverError',
} as const;

export function httpErrorText(status: number): string {
  const key =
    status in HTTP_TEXT_KEYS ? HTTP_TEXT_KEYS[status as keyof typeof HTTP_TEXT_KEYS] : 'http.unknown';
  return i18n.t(key);
}

/** The §8 toast for an HTTP error: the status text, then 'response error: {status}'. */
export function httpErrorLines(status: number): [string, string] {
  return [httpErrorText(status), i18n.t('http.responseError', { status })];
}

async function readMessage(res: Response): Promise<string | null> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: the status alone describes the failure.
  }
  return null;
}

export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const uid = uidSource();
  const { url, init } = buildApiRequest(path, options, { uid, language: currentLanguage() });
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    // No response at all: spec §8 logs it only; the caller decides what the user sees.
    console.error(`${init.method} ${path} got no response`, error);
    throw error;
  }
  if (!res.ok) {
    const serverMessage = await readMessage(res);
    if (options.toastHttpErrors !== false) {
      toast(httpErrorLines(res.status));
      // Only for the session still current: a late answer to an old session must not log out a new one.
      if (res.status === 401 && uid && uid === uidSource()) unauthorizedHandler();
    }
    throw new HttpError(res.status, serverMessage, parseRetryAfter(res.headers.get('Retry-After')));
  }
  return res.json();
}

export interface ProductReply<T> {
  status: number;
  message: string;
  data: T | null;
}

/** A reply that is not the `{status, message, data}` envelope, or whose data has another shape. */
export class UnexpectedReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnexpectedReplyError';
  }
}

/** A reply that did not have the shape the app expects (our envelope check, or a zod schema's). */
export function isUnexpectedReply(error: unknown): boolean {
  // zod's errors are not always `instanceof Error`; their name is stable.
  const named =
    typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ZodError';
  return error instanceof UnexpectedReplyError || named;
}

/**
 * The envelope, checked by hand rather than by a zod schema: this module is part of the first page, and zod
 * (~25 KB gzip) is loaded only with the first schema a page needs (docs/decisions.md, "First load").
 */
export function readEnvelope(body: unknown): ProductReply<unknown> {
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof (body as { status?: unknown }).status !== 'number'
  ) {
    throw new UnexpectedReplyError('the reply is not a {status, message, data} envelope');
  }
  const { status, message, data } = body as { status: number; message?: unknown; data?: unknown };
  return { status, message: typeof message === 'string' ? message : '', data };
}

/** Reads `{status, message, data}`; only a success (status 1) promises the data shape. */
export function parseProductReply<T extends z.ZodType>(
  body: unknown,
  dataSchema: T,
): ProductReply<z.infer<T>> {
  const { status, message, data } = readEnvelope(body);
  const parsed = status >= STATUS_OK && data != null ? dataSchema.parse(data) : null;
  return { status, message, data: parsed };
}

/** A schema, or a function that loads one (so the module that defines it, and zod, load after first paint). */
export type SchemaSource<T extends z.ZodType> = T | (() => Promise<T>);

export async function resolveSchema<T extends z.ZodType>(source: SchemaSource<T>): Promise<T> {
  return typeof source === 'function' ? source() : source;
}

/** A request and its schema's chunk fetched side by side, then the reply parsed. */
export async function requestAndParse<T extends z.ZodType>(
  path: string,
  options: ApiRequestOptions,
  dataSchema: SchemaSource<T>,
): Promise<ProductReply<z.infer<T>>> {
  const [body, schema] = await Promise.all([apiRequest(path, options), resolveSchema(dataSchema)]);
  return parseProductReply(body, schema);
}
