/**
 * Multipart POSTs (images, models, ONNX uploads). `apiRequest` sends JSON or forms only, and these calls
 * show the server's refusal next to the file (per-file errors, the ONNX upload's message) instead of the
 * generic HTTP toast, so they have their own small client over fetch.
 */
import type { z } from 'zod';
import { STATUS_OK } from '@ai-edu/contract';

/** A refused upload: `message` is the server's own text (already in the UI language) when it sent one. */
export class UploadError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when no answer came back. */
    readonly status: number,
    /** True when `message` came from the server. */
    readonly fromServer: boolean,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface MultipartContext {
  uid: string | null | undefined;
  language: string;
  signal?: AbortSignal;
}

/** Text and Blob fields; Blobs keep their file name (the third argument of `FormData.append`). */
export type MultipartFields = Record<string, string | { blob: Blob; fileName: string } | undefined>;

export function buildMultipart(fields: MultipartFields, uid: string | null | undefined): FormData {
  const form = new FormData();
  // Text fields first: the server reads fields before it streams the file (multipart is ordered).
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
  }
  if (uid) form.append('user_id', uid);
  for (const [key, value] of Object.entries(fields)) {
    if (value && typeof value !== 'string') form.append(key, value.blob, value.fileName);
  }
  return form;
}

async function readReply(res: Response): Promise<{ status?: unknown; message?: unknown; data?: unknown }> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? body : {};
  } catch {
    return {};
  }
}

/** POSTs (or PUTs) the fields as multipart/form-data; resolves to the reply's parsed `data`, throws `UploadError`. */
export async function postMultipart<T extends z.ZodType>(
  path: string,
  fields: MultipartFields,
  schema: T,
  context: MultipartContext,
  method: 'POST' | 'PUT' = 'POST',
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': context.language };
  if (context.uid) headers.Authorization = `Bearer ${context.uid}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: buildMultipart(fields, context.uid),
      signal: context.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new UploadError(error instanceof Error ? error.message : String(error), 0, false);
  }
  const reply = await readReply(res);
  const message = typeof reply.message === 'string' && reply.message ? reply.message : null;
  if (!res.ok) throw new UploadError(message ?? `HTTP ${res.status}`, res.status, message !== null);
  if (typeof reply.status !== 'number' || reply.status < STATUS_OK) {
    throw new UploadError(message ?? `HTTP ${res.status}`, res.status, message !== null);
  }
  return schema.parse(reply.data);
}
