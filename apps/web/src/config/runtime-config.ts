/**
 * Runtime configuration served by GET /api/config. The bundle holds no secrets: the server hands out the
 * account-service base URL and keys when the app boots, so one build runs against any deployment.
 */
import { z } from 'zod';
import { productReplySchema } from '@ai-edu/contract';

export const runtimeConfigSchema = z.object({
  accountBaseUrl: z.string().min(1),
  accountSignKey: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

const replySchema = productReplySchema(runtimeConfigSchema);

let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/config answered HTTP ${res.status}`);
  const reply = replySchema.parse(await res.json());
  if (!reply.data) throw new Error(`GET /api/config failed: ${reply.message}`);
  current = reply.data;
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config used before loadRuntimeConfig() finished');
  return current;
}
