/**
 * Sketch to picture (writingPredict, spec §7 `sketchToImage`): a drawing from the lab's pad, and an optional
 * prompt, become a painting by the school's painting model, asked through the OpenAI-compatible image edit
 * endpoint with the same settings as AI painting (textToImage). Paid like a painting through the gateway:
 * the sketch is checked before anything is reserved, the charge is kept only when a picture arrived and was
 * kept, a failure refunds it, a retry with the same idempotency key answers the same painting for free. The
 * painting joins the user's gallery (a signed link, downloadable) like any other.
 */
import {
  CREDIT_COSTS,
  SKETCH_MAX_BYTES,
  SKETCH_PAINTING_SIZE,
  sketchToImageRequestSchema,
} from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/storage/index.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { requireCaller } from '../../plugins/session.ts';
import { reviewedCall } from '../ai-review/record.ts';
import { sniffFile } from '../courses/file-types.ts';
import { AiGateway } from './gateway.ts';
import { paidCalls } from './paid-call.ts';
import { paintingResults } from './painting-results.ts';
import { decodeSketch } from './photo.ts';
import type { AiProviderSettings } from './provider-settings.ts';
import { OpenAiImageEditProvider, type OpenAiSettings } from './providers/openai-compatible.ts';
import { ProviderError, type ImageEditProvider } from './providers/types.ts';

export interface SketchRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  ai: Config['ai'];
  mediaSecret: string;
  /** Where paintings are stored (lib/storage). */
  storage: BlobStore;
  /** The painting provider's settings (environment or admin console), asked per call. */
  settings: Pick<AiProviderSettings, 'current'>;
  /** Builds the provider from those settings; tests may swap it. */
  editProvider?: (settings: OpenAiSettings) => ImageEditProvider;
  now: () => Date;
}

/** Where the experience log files a sketch painting (spec §7: after a successful `sketchToImage`). */
const LOG_PATH = '/ailab/writingPredict';
const API_URL = '/api/ai/sketchToImage';
/** The gallery's style tag of a painting made from a sketch. */
export const SKETCH_STYLE = 'sketch';

/**
 * What the painting model is asked: keep the student's drawing (its shapes and layout) and finish it as a
 * picture; the student's own words, when given, say what it shows.
 */
export function sketchPrompt(studentPrompt: string | undefined): string {
  const base =
    'Turn this black-and-white line sketch into a finished, colourful picture for children. Keep what is ' +
    'drawn, its shapes and its layout; add colour, light and detail.';
  return studentPrompt ? `${base} It shows: ${studentPrompt}` : base;
}

export const sketchRoutes: FastifyPluginAsync<SketchRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const gateway = new AiGateway(db, options.limiter, options.ai, now);
  const { callProvider, logApiUse, refundQuietly } = paidCalls(db, gateway, app.log, now);
  const paintings = paintingResults(db, options.storage, gateway, refundQuietly, options.mediaSecret, now);
  const buildProvider = options.editProvider ?? ((settings) => new OpenAiImageEditProvider(settings));

  app.post(
    '/ai/sketchToImage',
    // The sketch travels as base64 inside JSON: 4 MB of picture is about 5.4 MB of text.
    { bodyLimit: Math.ceil(SKETCH_MAX_BYTES / 3) * 4 + 64 * 1024 },
    async (request, reply) => {
      const body = parseInput(sketchToImageRequestSchema, request.body);
      const { user } = await requireCaller(db, request, now());
      const sketch = decodeSketch(body.image);
      const prompt = body.prompt ?? '';
      const review = await reviewedCall(db, user.id, 'writingPredict', { log: request.log, now });
      await review.screen(prompt);
      const settings = await options.settings.current('image');
      if (!settings) throw new AppError('aiNotConfigured', 503);
      const provider = buildProvider(settings);
      const admitted = await gateway.admit(user, {
        lab: 'writingPredict',
        kind: 'sketch',
        cost: CREDIT_COSTS.writingPredict,
        idempotencyKey: body.idempotencyKey,
      });
      if ('replay' in admitted)
        return productOk(request, await paintings.replayed(admitted.replay, user.creditBalance));

      const painting = await paintings.delivered(
        request,
        admitted,
        { review, prompt, what: 'sketch painting' },
        async () => {
          const painted = await callProvider(admitted, reply, options.ai.imageTimeoutMs, async (signal) => {
            const picture = await provider.edit(
              { image: sketch, prompt: sketchPrompt(body.prompt), size: SKETCH_PAINTING_SIZE },
              signal,
            );
            // Bytes that are not a picture are a failed call (refunded), not a broken painting in the gallery.
            const sniffed = sniffFile(picture.data.subarray(0, 16), '');
            if (sniffed?.kind !== 'image')
              throw new ProviderError('provider answered bytes that are not an image', 'error');
            return { data: picture.data, mime: sniffed.mime };
          });
          return { userId: user.id, prompt, style: SKETCH_STYLE, size: SKETCH_PAINTING_SIZE, ...painted };
        },
      );
      await logApiUse(request, user.id, LOG_PATH, API_URL);
      return productOk(request, painting);
    },
  );
};
