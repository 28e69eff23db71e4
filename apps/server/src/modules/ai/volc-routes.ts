/**
 * The photo lab's cloud tools through the gateway (spec §7 `volc_repair`, `volc_enhance`, `volc_px`):
 * Volcengine's old-photo repair, enhancement and super-resolution. Each is one paid call like handwriting
 * reading: the photo is checked before anything is reserved, the provider's failure (or an answer that is not
 * a picture) is refunded, and a delivered picture is charged once and written to the experience log. The
 * result is kept on the request's row for a day so a retry with the same idempotency key gets it again free;
 * after that the row keeps only that it succeeded. `GET /ai/volc_status` tells the page whether the school
 * has the tools set up (environment only: AI_VOLC_ACCESS_KEY and AI_VOLC_SECRET_KEY).
 */
import {
  CREDIT_COSTS,
  IMAGE_FIX_CLOUD_CALLS,
  IMAGE_FIX_MAX_BYTES,
  IMAGE_FIX_RESULT_KEEP_HOURS,
  volcEnhanceRequestSchema,
  volcPxRequestSchema,
  volcRepairRequestSchema,
  type ImageFixCloudCall,
  type ImageFixResult,
} from '@ai-edu/contract';
import { aiRequests, type Db } from '@ai-edu/db';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireCaller } from '../../plugins/session.ts';
import { AiGateway } from './gateway.ts';
import { paidCalls } from './paid-call.ts';
import { ProviderError } from './providers/types.ts';
import {
  VolcengineVisual,
  volcSettingsOf,
  type VolcTool,
  type VolcToolOptions,
} from './providers/volcengine-visual.ts';
import { readPicture } from './photo.ts';
import { decodeFixPhoto } from './volc-photo.ts';

export interface VolcRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  ai: Config['ai'];
  now: () => Date;
}

/** What a succeeded row keeps for a retry (until pruned). */
interface KeptResult {
  image?: string;
  mime?: string;
  width?: number;
  height?: number;
}

const LOG_PATH = '/ailab/imageFix';

interface CallSpec<S extends z.ZodType> {
  call: ImageFixCloudCall;
  tool: VolcTool;
  schema: S;
  options: (body: z.infer<S>) => VolcToolOptions;
}

export const volcRoutes: FastifyPluginAsync<VolcRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const gateway = new AiGateway(db, options.limiter, options.ai, now);
  const { callProvider, logApiUse, refundQuietly } = paidCalls(db, gateway, app.log, now);
  const visual = () => {
    const settings = volcSettingsOf(options.ai.volc);
    return settings && new VolcengineVisual(settings);
  };

  // Whether the tools are set up and what one call costs; never the keys or the address.
  app.get('/ai/volc_status', async (request) =>
    productOk(request, { configured: Boolean(visual()), cost: CREDIT_COSTS.imageFix }),
  );

  /** Results older than a day lose their picture (the row stays, as the record of the charge). */
  async function pruneOldResults(request: FastifyRequest, userId: string) {
    const cutoff = new Date(now().getTime() - IMAGE_FIX_RESULT_KEEP_HOURS * 3600_000);
    try {
      await db
        .update(aiRequests)
        .set({ result: { expired: true } })
        .where(
          and(
            eq(aiRequests.userId, userId),
            inArray(aiRequests.kind, [...IMAGE_FIX_CLOUD_CALLS]),
            eq(aiRequests.status, 'succeeded'),
            lt(aiRequests.finishedAt, cutoff),
            sql`${aiRequests.result} ->> 'image' is not null`,
          ),
        );
    } catch (error) {
      request.log.warn({ err: error }, 'old photo results not pruned');
    }
  }

  function register<S extends z.ZodType>(spec: CallSpec<S>) {
    app.post(
      `/ai/${spec.call}`,
      // The photo travels as base64 inside JSON: 8 MB of photo is about 11 MB of text.
      { bodyLimit: Math.ceil(IMAGE_FIX_MAX_BYTES / 3) * 4 + 64 * 1024 },
      async (request, reply) => {
        const body = parseInput(spec.schema, request.body);
        const { user } = await requireCaller(db, request, now());
        const photo = decodeFixPhoto((body as { image: string }).image, spec.call);
        const provider = visual();
        if (!provider) throw new AppError('aiNotConfigured', 503);
        const admitted = await gateway.admit(user, {
          lab: 'imageFix',
          kind: spec.call,
          cost: CREDIT_COSTS.imageFix,
          idempotencyKey: (body as { idempotencyKey?: string }).idempotencyKey,
        });
        if ('replay' in admitted) {
          const kept = (admitted.replay.result ?? {}) as KeptResult;
          if (!kept.image || !kept.mime) throw new AppError('imageFixResultGone', 410);
          return productOk(request, {
            image: `data:${kept.mime};base64,${kept.image}`,
            width: kept.width ?? 0,
            height: kept.height ?? 0,
            charged: false,
            balance: user.creditBalance,
          } satisfies ImageFixResult);
        }

        const bytes = await callProvider(admitted, reply, options.ai.volc.timeoutMs, async (signal) => {
          const answer = await provider.process(spec.tool, photo, spec.options(body), signal);
          // Only a picture is worth the credits: anything else is the provider's failure.
          const picture = readPicture(answer);
          if (!picture)
            throw new ProviderError('Volcengine answered with something that is not a picture', 'error');
          return picture;
        });
        const image = bytes.data.toString('base64');
        try {
          await gateway.commit(admitted, {
            image,
            mime: bytes.mime,
            width: bytes.width,
            height: bytes.height,
          } satisfies KeptResult);
        } catch (error) {
          request.log.error({ err: error }, 'photo tool failed after the reservation');
          await refundQuietly(admitted, error);
          throw new AppError('internalRefunded', 500);
        }
        await pruneOldResults(request, user.id);
        await logApiUse(request, user.id, LOG_PATH, `/api/ai/${spec.call}`);
        return productOk(request, {
          image: `data:${bytes.mime};base64,${image}`,
          width: bytes.width,
          height: bytes.height,
          charged: true,
          balance: admitted.balance,
        } satisfies ImageFixResult);
      },
    );
  }

  register({
    call: 'volc_repair',
    tool: 'repair',
    schema: volcRepairRequestSchema,
    options: (body) => ({ colourise: body.colourise }),
  });
  register({
    call: 'volc_enhance',
    tool: 'enhance',
    schema: volcEnhanceRequestSchema,
    options: (body) => ({ hdr: body.hdr, whiteBalance: body.whiteBalance }),
  });
  register({ call: 'volc_px', tool: 'superResolution', schema: volcPxRequestSchema, options: () => ({}) });
};
