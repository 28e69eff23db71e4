/** GET /api/ai/status, shared by the AI labs: which providers the server has, and what each call costs. */
import { z } from 'zod';
import { CREDIT_COSTS } from '@ai-edu/contract';
import { useApiQuery } from './api-request.ts';

export const aiStatusSchema = z.object({
  chat: z.boolean(),
  image: z.boolean(),
  costs: z.record(z.string(), z.number()).catch({}),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

export function useAiStatus() {
  return useApiQuery(['ai-status'], '/api/ai/status', aiStatusSchema, { staleTime: 60_000 });
}

/** The price of one use of a lab: the server's table when it answered, else the contract's. */
export function labCost(status: AiStatus | undefined, lab: keyof typeof CREDIT_COSTS): number {
  return status?.costs[lab] ?? CREDIT_COSTS[lab];
}

/** The server provider each AI lab needs; other labs run in the browser. */
export const LAB_PROVIDERS: Readonly<Partial<Record<string, 'chat' | 'image'>>> = {
  aiChat: 'chat',
  textToImage: 'image',
};

/**
 * False when the lab needs a provider this server has not set up (its card says so); true for every other
 * lab, and while the status is unknown. Asks the server only for labs that need a provider.
 */
export function useProviderReady(slug: string): boolean {
  const provider = LAB_PROVIDERS[slug];
  const status = useApiQuery(['ai-status'], '/api/ai/status', aiStatusSchema, {
    staleTime: 60_000,
    enabled: provider !== undefined,
  });
  return provider === undefined || status.data?.[provider] !== false;
}
