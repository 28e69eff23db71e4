/**
 * Client of the account service (codes and passwords, spec §7). Every request carries `C-Date` and a `Sign`
 * over method, pathname and that date, with the key from the runtime config. Replies are `{code, message,
 * data}`; a reply with a JSON body is returned whatever the HTTP status, so callers branch on `code` alone.
 */
import { z } from 'zod';
import { ACCOUNT_CODE, signRequest } from '@ai-edu/contract';
import { getRuntimeConfig } from '../config/runtime-config.ts';
import { HttpError } from './api-client.ts';
import { currentLanguage } from './i18n.ts';

export type AccountEndpoint = 'mail' | 'sms' | 'login' | 'password';

export interface AccountReply<T> {
  code: number;
  message: string;
  data: T | null;
}

const envelopeSchema = z.object({ code: z.number(), message: z.string().catch(''), data: z.unknown() });

/** Absolute URL of an endpoint; the base may be a path on this origin or another host. */
export function accountUrl(baseUrl: string, endpoint: AccountEndpoint, origin: string): URL {
  return new URL(`${baseUrl.replace(/\/+$/, '')}/${endpoint}`, origin);
}

export function accountHeaders(signKey: string, pathname: string, now: number): Record<string, string> {
  const cDate = String(now);
  return { 'C-Date': cDate, Sign: signRequest(signKey, 'POST', pathname, cDate) };
}

export async function accountRequest<T extends z.ZodType>(
  endpoint: AccountEndpoint,
  form: Record<string, string>,
  dataSchema: T,
): Promise<AccountReply<z.infer<T>>> {
  const { accountBaseUrl, accountSignKey } = getRuntimeConfig();
  const url = accountUrl(accountBaseUrl, endpoint, window.location.origin);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      ...accountHeaders(accountSignKey, url.pathname, Date.now()),
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Handled below: a reply without a JSON body is an HTTP failure.
  }
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) throw new HttpError(res.status, null);
  const { code, message, data } = envelope.data;
  // Only a success promises a data shape; failures may carry anything (or nothing) there.
  const parsedData = code === ACCOUNT_CODE.ok && data != null ? dataSchema.parse(data) : null;
  return { code, message, data: parsedData };
}
