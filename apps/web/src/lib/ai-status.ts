/** GET /api/ai/status, shared by the AI labs: which providers the server has, and what each call costs. */
import type { z } from 'zod';
import { CREDIT_COSTS } from '@ai-edu/contract';
import { useApiQuery } from './api-request.ts';
import { onDemand } from './on-demand.ts';
import type { aiStatusSchema } from './ai-status-schema.ts';

export type AiStatus = z.infer<typeof aiStatusSchema>;

/** The schema's chunk (zod) loads beside the request: lab cards ask for the status on the first page. */
const loadAiStatusSchema = onDemand(async () => (await import('./ai-status-schema.ts')).aiStatusSchema);

export function useAiStatus() {
  return useApiQuery(['ai-status'], '/api/ai/status', loadAiStatusSchema, { staleTime: 60_000 });
}

/** The price of one use of a lab: the server's table when it answered, else the contract's. */
export function labCost(status: AiStatus | undefined, lab: keyof typeof CREDIT_COSTS): number {
  return status?.costs[lab] ?? CREDIT_COSTS[lab];
}
