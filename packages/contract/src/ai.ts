/** AI gateway wire shapes (`/api/ai/*`): chat streams as server-sent events, paintings answer a URL. */
import { z } from 'zod';
import { text } from './input-rules.ts';

export const chatMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: text().max(20_000),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const idempotencyKey = text()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w.:-]+$/)
  .optional();

export const chatRequestSchema = z.object({
  messages: z.array(chatMessageSchema).min(1).max(100),
  conversationId: z.uuid().optional(),
  idempotencyKey,
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/**
 * Server-sent events of POST /api/ai/chat, one JSON object per `data:` line:
 * `start` (conversation id and the cost reserved), `delta` (text), then `done` or `error`.
 */
export type ChatEvent =
  | { type: 'start'; conversationId: string; cost: number }
  | { type: 'delta'; text: string }
  | { type: 'done'; charged: boolean; balance: number }
  | { type: 'error'; message: string; charged: boolean; balance: number };

export const IMAGE_SIZES = ['1024x1024', '1024x1792', '1792x1024', '512x512'] as const;
export const IMAGE_STYLES = ['none', 'watercolor', 'ink', 'cartoon', 'photo', 'pixel', 'oil'] as const;

export const textToImageRequestSchema = z.object({
  prompt: text().trim().min(1).max(1000),
  size: z.enum(IMAGE_SIZES).default('1024x1024'),
  style: z.enum(IMAGE_STYLES).default('none'),
  idempotencyKey,
});
export type TextToImageRequest = z.input<typeof textToImageRequestSchema>;

export const paintingSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  style: z.string(),
  size: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type Painting = z.infer<typeof paintingSchema>;

/**
 * POST /api/ai/images: a picture made in the browser (the tiny painter, textToImage's offline mode) joins
 * the user's gallery like a cloud painting, free of credits. The server checks the bytes (PNG, size).
 */
export const GALLERY_PICTURE_MAX_BYTES = 512 * 1024;
export const GALLERY_PICTURE_MAX_SIDE = 1024;
/** The gallery's style tag of a tiny painter's picture. */
export const TINY_PAINTER_STYLE = 'tinyPainter';
/** The most pictures one user may save a minute (a student saves one at a time; a script is refused). */
export const GALLERY_SAVES_PER_MINUTE = 20;

export const galleryPictureRequestSchema = z.object({
  image: z
    .string()
    .min(1, { error: 'image is empty' })
    .max(Math.ceil(GALLERY_PICTURE_MAX_BYTES / 3) * 4 + 100, { error: 'the picture is larger than 512 KB' }),
  /** What it shows, as the student asked for it (the category's name). */
  prompt: text().trim().min(1).max(200),
});
export type GalleryPictureRequest = z.infer<typeof galleryPictureRequestSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const ledgerEntrySchema = z.object({
  id: z.number(),
  delta: z.number(),
  balanceAfter: z.number(),
  reason: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** The largest photo the cloud handwriting reader takes, in bytes and in pixels on a side. */
export const HANDWRITING_MAX_BYTES = 20 * 1024 * 1024;
export const HANDWRITING_MAX_SIDE = 8000;

/**
 * POST /api/ai/handwritingOCR: a photo as a `data:image/…;base64,` URL (or bare base64). Only its shape and
 * length are checked here; the server reads the bytes themselves for the type, size and pixels.
 */
export const handwritingOcrRequestSchema = z.object({
  image: z
    .string()
    .min(1, { error: 'image is empty' })
    // The base64 of 20 MB, plus room for the data-URL prefix; the exact byte limit is checked decoded.
    .max(Math.ceil(HANDWRITING_MAX_BYTES / 3) * 4 + 100, {
      error: 'the photo is larger than 20 MB',
    }),
  idempotencyKey,
});
export type HandwritingOcrRequest = z.infer<typeof handwritingOcrRequestSchema>;

/** What the handwriting reader answers: the text (empty when none was found, then not charged). */
export const handwritingOcrResultSchema = z.object({
  text: z.string(),
  charged: z.boolean(),
  balance: z.number(),
});
export type HandwritingOcrResult = z.infer<typeof handwritingOcrResultSchema>;
