/**
 * Sketch to picture (writingPredict, spec §7 `sketchToImage`): a drawing from the lab's pad, plus an
 * optional prompt, becomes a painting by the school's painting model (an OpenAI-compatible image edit).
 * Plain constants first (no zod needed to read them), then the schemas.
 */
import { z } from 'zod';
import { idempotencyKey, paintingSchema } from './ai.ts';
import { text } from './input-rules.ts';

export const SKETCH_TO_IMAGE_PATH = '/api/ai/sketchToImage';
/** The largest sketch the server takes (the pad sends ~20–60 KB; OpenAI's edit endpoint takes 4 MB). */
export const SKETCH_MAX_BYTES = 4 * 1024 * 1024;
/** The most pixels on a side of a sketch (the pad sends 512). */
export const SKETCH_MAX_SIDE = 2048;
/** What the student may add to say what the picture should be. */
export const SKETCH_PROMPT_MAX = 200;
/** The size of the painting asked for: square like the pad, and one every image-edit model offers. */
export const SKETCH_PAINTING_SIZE = '1024x1024';

/**
 * POST /api/ai/sketchToImage: the sketch as a `data:image/png;base64,` (or JPEG) URL or bare base64. Only its
 * shape and length are checked here; the server reads the bytes for the type and the size.
 */
export const sketchToImageRequestSchema = z.object({
  image: z
    .string()
    .min(1, { error: 'image is empty' })
    .max(Math.ceil(SKETCH_MAX_BYTES / 3) * 4 + 100, { error: 'the sketch is larger than 4 MB' }),
  prompt: text()
    .trim()
    .max(SKETCH_PROMPT_MAX, { error: `the prompt is longer than ${SKETCH_PROMPT_MAX} characters` })
    .optional(),
  idempotencyKey,
});
export type SketchToImageRequest = z.infer<typeof sketchToImageRequestSchema>;

/** The painting (kept in the user's gallery, with a signed link) and the balance after the call. */
export const sketchToImageResultSchema = paintingSchema.extend({ balance: z.number() });
export type SketchToImageResult = z.infer<typeof sketchToImageResultSchema>;
