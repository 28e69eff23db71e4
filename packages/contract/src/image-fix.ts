/**
 * The photo-fixing lab's wire shapes (imageFix). Everything the lab does runs in the browser; its optional
 * cloud tools are the spec's three calls (§7) through the AI gateway: `volc_repair` (old-photo repair),
 * `volc_enhance` (enhancement) and `volc_px` (super-resolution), each Volcengine's visual API, each charged
 * CREDIT_COSTS.imageFix and refunded when the provider fails.
 *
 * Plain constants first (no zod needed to read them), then the schemas.
 */
import { z } from 'zod';
import { idempotencyKey } from './ai.ts';

export const IMAGE_FIX_CLOUD_CALLS = ['volc_repair', 'volc_enhance', 'volc_px'] as const;
export type ImageFixCloudCall = (typeof IMAGE_FIX_CLOUD_CALLS)[number];

/** The largest photo a cloud tool takes, in bytes (the provider's own limit is near this). */
export const IMAGE_FIX_MAX_BYTES = 8 * 1024 * 1024;
/** The smallest side the provider accepts. */
export const IMAGE_FIX_MIN_SIDE = 50;
/** The longest side each cloud tool takes; super-resolution's result is twice as big. */
export const IMAGE_FIX_CLOUD_MAX_SIDE: Record<ImageFixCloudCall, number> = {
  volc_repair: 2048,
  volc_enhance: 2048,
  volc_px: 1024,
};

/**
 * In the browser: repair and enhancement work on photos up to 2,048 pixels on a side; super-resolution takes
 * up to 1,024 (2×) or 512 (4×) so the result is never over 2,048 either. Larger photos are offered scaled down.
 */
export const IMAGE_FIX_LOCAL_MAX_SIDE = 2048;
export const IMAGE_FIX_UPSCALE_MAX_SIDE = { 2: 1024, 4: 512 } as const;

/** How long a cloud result is kept on the server for a retry of the same request. */
export const IMAGE_FIX_RESULT_KEEP_HOURS = 24;

const base64Image = z
  .string()
  .min(1, { error: 'image is empty' })
  // Room for a data-URL prefix; the exact byte limit, type and size are checked decoded.
  .max(Math.ceil(IMAGE_FIX_MAX_BYTES / 3) * 4 + 100, { error: 'the photo is larger than 8 MB' });

/** POST /api/ai/volc_repair: an old photo; `colourise` also colours a black-and-white one. */
export const volcRepairRequestSchema = z.object({
  image: base64Image,
  colourise: z.boolean().default(false),
  idempotencyKey,
});
export type VolcRepairRequest = z.input<typeof volcRepairRequestSchema>;

/** POST /api/ai/volc_enhance: a photo made clearer; `hdr` brightens shadows, `whiteBalance` fixes colour casts. */
export const volcEnhanceRequestSchema = z.object({
  image: base64Image,
  hdr: z.boolean().default(false),
  whiteBalance: z.boolean().default(true),
  idempotencyKey,
});
export type VolcEnhanceRequest = z.input<typeof volcEnhanceRequestSchema>;

/** POST /api/ai/volc_px: a photo enlarged by the provider's super-resolution model. */
export const volcPxRequestSchema = z.object({
  image: base64Image,
  idempotencyKey,
});
export type VolcPxRequest = z.input<typeof volcPxRequestSchema>;

/** What a cloud tool answers: the result as a `data:` URL with its size, and the charge. */
export const imageFixResultSchema = z.object({
  image: z.string(),
  width: z.number(),
  height: z.number(),
  charged: z.boolean(),
  balance: z.number(),
});
export type ImageFixResult = z.infer<typeof imageFixResultSchema>;

/** GET /api/ai/volc_status: whether the school's server has the cloud tools set up, and their price. */
export const imageFixStatusSchema = z.object({
  configured: z.boolean(),
  cost: z.number(),
});
export type ImageFixStatus = z.infer<typeof imageFixStatusSchema>;
