/**
 * Runtime configuration served by GET /api/config. The bundle holds no secrets: the server hands out the
 * account-service base URL and keys when the app boots, so one build runs against any deployment.
 */
import { STATUS_OK } from '@ai-edu/contract';
import { readEnvelope, UnexpectedReplyError } from '../lib/api-client.ts';

export interface RuntimeConfig {
  accountBaseUrl: string;
  accountSignKey: string;
  clientSecret: string;
  /** The server's HTTPS address under the name this browser used, or null (plain http only). */
  secureUrl: string | null;
}

const FIELDS = ['accountBaseUrl', 'accountSignKey', 'clientSecret'] as const;

/** Checked by hand: the app cannot start without it, and zod is not part of the first page. */
export function parseRuntimeConfig(data: unknown): RuntimeConfig {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const missing = FIELDS.filter((field) => typeof record[field] !== 'string' || record[field] === '');
  if (missing.length > 0) throw new UnexpectedReplyError(`GET /api/config lacks ${missing.join(', ')}`);
  return {
    accountBaseUrl: record.accountBaseUrl,
    accountSignKey: record.accountSignKey,
    clientSecret: record.clientSecret,
    // Optional: an older server does not send it.
    secureUrl: typeof record.secureUrl === 'string' && record.secureUrl !== '' ? record.secureUrl : null,
  } as RuntimeConfig;
}

let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/config answered HTTP ${res.status}`);
  const reply = readEnvelope(await res.json());
  if (reply.status < STATUS_OK) throw new Error(`GET /api/config failed: ${reply.message}`);
  current = parseRuntimeConfig(reply.data);
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config used before loadRuntimeConfig() finished');
  return current;
}
