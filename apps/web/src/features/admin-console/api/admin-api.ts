/** Wire shapes and queries of `/api/admin/*` (docs/api.md, "Admin console API"). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { contactListSchema, ledgerEntrySchema } from '@ai-edu/contract';
import { adminRequest } from './client.ts';

export const userSummarySchema = z.object({
  id: z.string(),
  account: z.string(),
  role: z.string(),
  vip: z.number(),
  accountType: z.string(),
  validUntil: z.string().nullable(),
  leftValidDays: z.number(),
  companyName: z.string(),
  credits: z.number(),
  hasPassword: z.boolean(),
  disabled: z.boolean().optional(),
  createdAt: z.string().optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userPageSchema = z.object({ total: z.number(), items: z.array(userSummarySchema) });

export const ledgerSchema = z.object({ balance: z.number(), entries: z.array(ledgerEntrySchema) });

export const labAccessSchema = z.object({
  denied: z.array(z.string()),
  allowed: z.array(z.string()).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  adminId: z.string().nullable(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const eventViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(['upcoming', 'active', 'ended']),
  hasRedeemCode: z.boolean(),
  redeemCredits: z.number(),
  checkinCredits: z.number(),
});
export type AdminEvent = z.infer<typeof eventViewSchema>;

const fieldSourceSchema = z.enum(['env', 'console', 'default', 'none']);
export type FieldSource = z.infer<typeof fieldSourceSchema>;
const providerFieldSchema = z.object({
  value: z.string().nullable(),
  source: fieldSourceSchema,
  env: z.string(),
});
/** One AI provider as the console sees it: values and their sources; the key only as set / not set. */
export const providerViewSchema = z.object({
  configured: z.boolean(),
  baseUrl: providerFieldSchema,
  model: providerFieldSchema,
  apiKey: z.object({ set: z.boolean(), source: fieldSourceSchema, env: z.string(), unreadable: z.boolean() }),
});
export type ProviderView = z.infer<typeof providerViewSchema>;
/** Speech recognition or cloud voices: set in the server environment only, shown read-only. */
export const speechProviderViewSchema = z.object({
  configured: z.boolean(),
  vendor: z.enum(['openai', 'tencent']).nullable(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  region: z.string().nullable(),
  apiKeySet: z.boolean(),
  envPrefix: z.string(),
});
export type SpeechProviderView = z.infer<typeof speechProviderViewSchema>;
export const aiProvidersSchema = z.object({
  chat: providerViewSchema,
  image: providerViewSchema,
  vision: providerViewSchema,
  /** Absent from older servers. */
  speechProviders: z.object({ speech: speechProviderViewSchema, tts: speechProviderViewSchema }).optional(),
  cacheSeconds: z.number(),
});
export type AiProviders = z.infer<typeof aiProvidersSchema>;
export const providerTestSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), model: z.string(), modelListed: z.boolean().nullable() }),
  z.object({ ok: z.literal(false), status: z.number().nullable(), message: z.string() }),
]);
export type ProviderTest = z.infer<typeof providerTestSchema>;

export { contactListSchema };

export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string, page: number, pageSize: number) => ['admin', 'users', q, page, pageSize] as const,
  ledger: (id: string) => ['admin', 'ledger', id] as const,
  labAccess: (scope: string) => ['admin', 'lab-access', scope] as const,
  contacts: ['admin', 'contacts'] as const,
  events: ['admin', 'events'] as const,
  aiProviders: ['admin', 'ai-providers'] as const,
  audit: ['admin', 'audit'] as const,
};

export const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export function useUserPage(q: string, page: number, pageSize: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminKeys.users(q, page, pageSize),
    queryFn: ({ signal }) =>
      adminRequest(queryClient, '/api/admin/users', userPageSchema, { query: { q, page, pageSize }, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useContacts() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminKeys.contacts,
    queryFn: ({ signal }) => adminRequest(queryClient, '/api/admin/contacts', contactListSchema, { signal }),
  });
}

export function useEvents() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminKeys.events,
    queryFn: ({ signal }) =>
      adminRequest(queryClient, '/api/admin/events', z.array(eventViewSchema), { signal }),
  });
}

export function useAiProviders() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminKeys.aiProviders,
    queryFn: ({ signal }) =>
      adminRequest(queryClient, '/api/admin/ai-providers', aiProvidersSchema, { signal }),
  });
}
