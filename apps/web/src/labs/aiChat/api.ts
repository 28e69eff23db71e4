/** The AI Q&A lab's JSON calls: provider status and the caller's conversations. */
import { z } from 'zod';
import { conversationSummarySchema } from '@ai-edu/contract';
import { labCost, type AiStatus } from '../../lib/ai-status.ts';
import { useApiQuery } from '../../lib/api-request.ts';

export { useAiStatus } from '../../lib/ai-status.ts';

/** The price of one message. */
export const chatCost = (status: AiStatus | undefined): number => labCost(status, 'aiChat');

export const conversationsKey = ['ai-conversations'] as const;

export function useConversations() {
  return useApiQuery(conversationsKey, '/api/ai/conversations', z.array(conversationSummarySchema));
}

export const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  messages: z.array(
    z.object({
      role: z.string(),
      content: z.string(),
      incomplete: z.boolean().optional(),
    }),
  ),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPath = (id: string) => `/api/ai/conversations/${encodeURIComponent(id)}`;
