/**
 * Where the AI providers' settings come from: the environment (wins, field by field) or what an admin saved
 * in the console (site_documents 'ai-providers', the key sealed with AES-256-GCM). The gateway asks per
 * call; answers are cached per instance for CACHE_MS and dropped on save, so a change applies without a
 * restart here at once and on other instances sharing the database within CACHE_MS.
 */
import { siteDocuments, type Db } from '@ai-edu/db';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AiProviderFields, AiProviderKind, Config } from '../../config.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import {
  OpenAiChatProvider,
  OpenAiImageProvider,
  OpenAiVisionProvider,
  type OpenAiSettings,
} from './providers/openai-compatible.ts';
import type { ChatProvider, ImageProvider, VisionProvider } from './providers/types.ts';

export const PROVIDER_KINDS = ['chat', 'image', 'vision'] as const satisfies readonly AiProviderKind[];
const DOCUMENT = 'ai-providers';
/** How long an instance trusts its copy: other instances' saves show up within this. */
export const CACHE_MS = 15_000;
/** Used when a base URL is set and no model is (the documented defaults since the first release). */
export const DEFAULT_MODELS: Record<AiProviderKind, string> = {
  chat: 'gpt-4o-mini',
  image: 'dall-e-3',
  // Reads photos and is OpenAI's cheapest such model; a school's Ollama names its own (e.g. qwen2.5vl).
  vision: 'gpt-4o-mini',
};
/** The environment variable behind each field, shown in the console. */
export const ENV_NAMES: Record<AiProviderKind, Record<keyof AiProviderFields, string>> = {
  chat: { baseUrl: 'AI_CHAT_BASE_URL', apiKey: 'AI_CHAT_API_KEY', model: 'AI_CHAT_MODEL' },
  image: { baseUrl: 'AI_IMAGE_BASE_URL', apiKey: 'AI_IMAGE_API_KEY', model: 'AI_IMAGE_MODEL' },
  vision: { baseUrl: 'AI_VISION_BASE_URL', apiKey: 'AI_VISION_API_KEY', model: 'AI_VISION_MODEL' },
};

const sealedSchema = z.object({ v: z.literal(1), iv: z.string(), tag: z.string(), data: z.string() });
const storedProviderSchema = z.object({
  baseUrl: z.string().optional(),
  model: z.string().optional(),
  apiKey: sealedSchema.optional(),
});
type StoredProvider = z.infer<typeof storedProviderSchema>;
const documentSchema = z.object({
  chat: storedProviderSchema.catch({}).default({}),
  image: storedProviderSchema.catch({}).default({}),
  vision: storedProviderSchema.catch({}).default({}),
});
type StoredDocument = z.infer<typeof documentSchema>;

/** What an admin may send: a value sets, null clears, absent keeps. */
export const providerPatchSchema = z
  .object({
    baseUrl: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
      .max(500)
      .nullable()
      .optional(),
    model: z.string().trim().min(1).max(200).nullable().optional(),
    apiKey: z.string().trim().min(1).max(1000).nullable().optional(),
  })
  .strict();
export type ProviderPatch = z.infer<typeof providerPatchSchema>;

export type FieldSource = 'env' | 'console' | 'default' | 'none';

/** The admin's view of one provider: values and where each comes from, never the key itself. */
export interface ProviderView {
  configured: boolean;
  baseUrl: { value: string | null; source: FieldSource; env: string };
  model: { value: string | null; source: FieldSource; env: string };
  /** `unreadable`: a key is stored but this server's settings key cannot open it (enter it again). */
  apiKey: { set: boolean; source: FieldSource; env: string; unreadable: boolean };
}

/** A field is locked to the environment when its variable is set. */
export class EnvOverridesError extends Error {}

const aad = (kind: AiProviderKind) => `${DOCUMENT}:${kind}:apiKey`;

export class AiProviderSettings {
  private cache: { doc: StoredDocument; until: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly env: Config['ai']['env'],
    private readonly now: () => Date,
  ) {}

  private async document(): Promise<StoredDocument> {
    const at = this.now().getTime();
    if (this.cache && this.cache.until > at) return this.cache.doc;
    const [row] = await this.db
      .select({ body: siteDocuments.body })
      .from(siteDocuments)
      .where(eq(siteDocuments.name, DOCUMENT))
      .limit(1);
    const parsed = documentSchema.safeParse(row?.body ?? {});
    const doc = parsed.success ? parsed.data : { chat: {}, image: {}, vision: {} };
    this.cache = { doc, until: at + CACHE_MS };
    return doc;
  }

  /**
   * The settings a call uses now: environment first, then the console, then the default model. `draft`
   * (the console's unsaved form) stands in for the stored values when testing a connection.
   */
  async current(kind: AiProviderKind, draft?: ProviderPatch): Promise<OpenAiSettings | undefined> {
    const stored = (await this.document())[kind];
    const env = this.env[kind];
    const pick = <K extends 'baseUrl' | 'model'>(field: K) =>
      env[field] ?? (draft?.[field] !== undefined ? (draft[field] ?? undefined) : stored[field]);
    const baseUrl = pick('baseUrl');
    if (!baseUrl) return undefined;
    const apiKey =
      env.apiKey ??
      (draft?.apiKey !== undefined
        ? (draft.apiKey ?? undefined)
        : stored.apiKey && this.box.open(stored.apiKey, aad(kind)));
    return { baseUrl, apiKey: apiKey || undefined, model: pick('model') ?? DEFAULT_MODELS[kind] };
  }

  async configured(): Promise<Record<AiProviderKind, boolean>> {
    return {
      chat: Boolean(await this.current('chat')),
      image: Boolean(await this.current('image')),
      vision: Boolean(await this.current('vision')),
    };
  }

  async describe(): Promise<Record<AiProviderKind, ProviderView>> {
    const doc = await this.document();
    const view = (kind: AiProviderKind): ProviderView => {
      const env = this.env[kind];
      const stored = doc[kind];
      const field = (name: 'baseUrl' | 'model') => {
        if (env[name]) return { value: env[name], source: 'env' as const };
        if (stored[name]) return { value: stored[name], source: 'console' as const };
        return { value: null, source: 'none' as const };
      };
      const baseUrl = field('baseUrl');
      let model: { value: string | null; source: FieldSource } = field('model');
      if (!model.value && baseUrl.value) model = { value: DEFAULT_MODELS[kind], source: 'default' };
      const unreadable = !env.apiKey && Boolean(stored.apiKey) && !this.box.open(stored.apiKey!, aad(kind));
      return {
        configured: Boolean(baseUrl.value),
        baseUrl: { ...baseUrl, env: ENV_NAMES[kind].baseUrl },
        model: { ...model, env: ENV_NAMES[kind].model },
        apiKey: {
          set: Boolean(env.apiKey ?? stored.apiKey),
          source: env.apiKey ? 'env' : stored.apiKey ? 'console' : 'none',
          env: ENV_NAMES[kind].apiKey,
          unreadable,
        },
      };
    };
    return { chat: view('chat'), image: view('image'), vision: view('vision') };
  }

  /** Applies an admin's patch; a field the environment sets cannot be changed here. */
  async save(kind: AiProviderKind, patch: ProviderPatch, at: Date): Promise<void> {
    const locked = (Object.keys(patch) as (keyof ProviderPatch)[]).filter(
      (field) => patch[field] !== undefined && this.env[kind][field],
    );
    if (locked.length) {
      throw new EnvOverridesError(
        `${locked.map((f) => ENV_NAMES[kind][f]).join(', ')} set in the server environment and win; change them there`,
      );
    }
    this.cache = undefined;
    const doc = await this.document();
    const next: StoredProvider = { ...doc[kind] };
    if (patch.baseUrl !== undefined) next.baseUrl = patch.baseUrl ?? undefined;
    if (patch.model !== undefined) next.model = patch.model ?? undefined;
    if (patch.apiKey !== undefined) {
      next.apiKey = patch.apiKey === null ? undefined : this.box.seal(patch.apiKey, aad(kind));
    }
    const body = { ...doc, [kind]: next };
    await this.db
      .insert(siteDocuments)
      .values({ name: DOCUMENT, body, updatedAt: at })
      .onConflictDoUpdate({ target: siteDocuments.name, set: { body, updatedAt: at } });
    this.cache = undefined;
  }
}

/** What the AI routes ask per call: the provider to use now, if any. */
export interface AiProviderSource {
  chat(): Promise<ChatProvider | undefined>;
  image(): Promise<ImageProvider | undefined>;
  vision(): Promise<VisionProvider | undefined>;
  configured(): Promise<Record<AiProviderKind, boolean>>;
}

/** Providers built from the current settings; tests may fix any of them instead. */
export function providerSource(
  settings: AiProviderSettings,
  fixed: { chat?: ChatProvider; image?: ImageProvider; vision?: VisionProvider } = {},
): AiProviderSource {
  const chat = async () => {
    if (fixed.chat) return fixed.chat;
    const current = await settings.current('chat');
    return current && new OpenAiChatProvider(current);
  };
  const image = async () => {
    if (fixed.image) return fixed.image;
    const current = await settings.current('image');
    return current && new OpenAiImageProvider(current);
  };
  const vision = async () => {
    if (fixed.vision) return fixed.vision;
    const current = await settings.current('vision');
    return current && new OpenAiVisionProvider(current);
  };
  return {
    chat,
    image,
    vision,
    configured: async () => ({
      chat: Boolean(await chat()),
      image: Boolean(await image()),
      vision: Boolean(await vision()),
    }),
  };
}
