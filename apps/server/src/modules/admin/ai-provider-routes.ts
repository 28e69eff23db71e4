/**
 * The admin console's "AI providers" tab (`/api/admin/ai-providers`, role admin only): read where each
 * setting comes from, save the console's values, and test a connection with a real minimal call. The API
 * key is write-only: no answer carries it, and the audit log records only that it was replaced or cleared.
 */
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import {
  CACHE_MS,
  EnvOverridesError,
  PROVIDER_KINDS,
  providerPatchSchema,
  type AiProviderSettings,
  type ProviderPatch,
} from '../ai/provider-settings.ts';
import { describeSpeechProviders } from '../ai/speech-providers.ts';
import { probeChat, probeImage } from '../ai/providers/openai-compatible.ts';
import { ProviderError } from '../ai/providers/types.ts';
import { audit } from './audit.ts';

/** A test that hangs this long is reported as a failure, not left spinning in the console. */
export const PROBE_TIMEOUT_MS = 20_000;

const kindParams = z.object({ kind: z.enum(PROVIDER_KINDS) });
// The web's HTTP client may add the caller's uid to a body; identity comes from the session.
const patchBody = providerPatchSchema.extend({ user_id: z.string().optional() }).strict();

/** What the audit log keeps of a change: the address and model as set, the key only as an action. */
function auditDetails(patch: ProviderPatch): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (patch.baseUrl !== undefined) details.baseUrl = patch.baseUrl ?? 'cleared';
  if (patch.model !== undefined) details.model = patch.model ?? 'cleared';
  if (patch.apiKey !== undefined) details.apiKey = patch.apiKey === null ? 'cleared' : 'replaced';
  return details;
}

export const aiProviderRoutes: FastifyPluginAsync<{
  db: Db;
  settings: AiProviderSettings;
  /** Speech recognition and cloud voices, set in the environment only: shown read-only. */
  speech?: Parameters<typeof describeSpeechProviders>[0];
  now: () => Date;
}> = async (app, { db, settings, speech, now }) => {
  async function requireAdmin(request: FastifyRequest) {
    const { user } = await requireCaller(db, request, now());
    if (user.role !== 'admin') throw forbidden();
    return user;
  }
  const describe = async () => ({
    ...(await settings.describe()),
    ...(speech ? { speechProviders: describeSpeechProviders(speech) } : {}),
    cacheSeconds: CACHE_MS / 1000,
  });

  app.get('/admin/ai-providers', async (request) => {
    await requireAdmin(request);
    return productOk(request, await describe());
  });

  app.put('/admin/ai-providers/:kind', async (request) => {
    const admin = await requireAdmin(request);
    const { kind } = parseInput(kindParams, request.params);
    const { user_id: _uid, ...patch } = parseInput(patchBody, request.body);
    const at = now();
    try {
      await settings.save(kind, patch, at);
    } catch (error) {
      if (error instanceof EnvOverridesError) throw badRequest(error.message);
      throw error;
    }
    await audit(
      db,
      {
        adminId: admin.id,
        actor: admin.account,
        action: 'ai-provider',
        target: kind,
        details: auditDetails(patch),
      },
      at,
    );
    return productOk(request, await describe());
  });

  /**
   * Tests the form as it stands (unsaved values stand in for the stored ones; the stored key is used when
   * no new one was typed). A failing provider is a successful test with `ok: false` and the provider's
   * own status and message, verbatim.
   */
  app.post('/admin/ai-providers/:kind/test', async (request) => {
    await requireAdmin(request);
    const { kind } = parseInput(kindParams, request.params);
    const { user_id: _uid, ...draft } = parseInput(patchBody, request.body ?? {});
    const current = await settings.current(kind, draft);
    if (!current) throw badRequest('set a base URL first');
    const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    try {
      // A vision model is a chat model: a one-token text completion proves its address, key and name.
      if (kind === 'chat' || kind === 'vision') {
        await probeChat(current, signal);
        return productOk(request, { ok: true, model: current.model, modelListed: null });
      }
      const { modelListed } = await probeImage(current, signal);
      return productOk(request, { ok: true, model: current.model, modelListed });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return productOk(request, {
        ok: false,
        status: error.status ?? null,
        message: error.detail ?? error.message,
      });
    }
  });
};
