/**
 * The school's own doodle set (quickDraw): students share the drawings of a finished game, with their consent,
 * so the class can teach the school's model new things. A drawing travels as the doodle network's 28×28
 * input (784 bytes, 0 = paper … 255 = ink, row by row) in base64, with its label: a category the model
 * knows (its Quick, Draw! id, such as `ice cream`) or a word the class invented (up to 20 characters).
 *
 * Plain constants first (no zod needed to read them), then the schemas.
 */
import { z } from 'zod';
import { hasBidiControl, text } from './input-rules.ts';
import { serverMessages } from './messages.ts';

export const DOODLE_SET = {
  /** Drawings one school keeps; sharing more is refused until the school clears its set. */
  maxPerSchool: 5000,
  /** Drawings one share (one finished game) may send. */
  maxPerShare: 12,
  maxLabelLength: 20,
  /** Bytes of one drawing: the 28×28 network input. */
  pixels: 784,
  /** Shares per student per minute (a game takes longer than a minute to play). */
  sharesPerMinute: 10,
} as const;

/** Who the caller is to their school's set: no school, one of its students, or the school account itself. */
export const DOODLE_MEMBERSHIPS = ['none', 'student', 'school'] as const;
export type DoodleMembership = (typeof DOODLE_MEMBERSHIPS)[number];

/** A label as stored: NFC, spaces trimmed and collapsed, lower case (Chinese is unchanged by it). */
export function normaliseDoodleLabel(label: string): string {
  return label.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

const LABEL_RE = /^[\p{L}\p{N}][\p{L}\p{N} '’-]*$/u;

export const doodleLabelSchema = text()
  .transform(normaliseDoodleLabel)
  .refine((s) => s.length >= 1 && s.length <= DOODLE_SET.maxLabelLength, serverMessages.doodleLabel.en)
  .refine((s) => LABEL_RE.test(s) && !hasBidiControl(s), serverMessages.doodleLabel.en);

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
/** Base64 of exactly 784 bytes is 1,048 characters (with its one `=` of padding). */
const PIXELS_BASE64_LENGTH = Math.ceil(DOODLE_SET.pixels / 3) * 4;

export const doodlePixelsSchema = z
  .string()
  .refine((s) => s.length === PIXELS_BASE64_LENGTH && BASE64_RE.test(s), serverMessages.doodlePixels.en);

export const sharedDoodleSchema = z.object({
  label: doodleLabelSchema,
  pixels: doodlePixelsSchema,
});
export type SharedDoodle = z.input<typeof sharedDoodleSchema>;

/** POST /api/doodles: a finished game's drawings, only with the student's consent. */
export const shareDoodlesRequestSchema = z.object({
  consent: z.literal(true, { error: serverMessages.doodleConsent.en }),
  drawings: z.array(sharedDoodleSchema).min(1).max(DOODLE_SET.maxPerShare),
});
export type ShareDoodlesRequest = z.input<typeof shareDoodlesRequestSchema>;

export const shareDoodlesResultSchema = z.object({
  added: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
});
export type ShareDoodlesResult = z.infer<typeof shareDoodlesResultSchema>;

export const schoolDoodleSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  pixels: z.string(),
  createdAt: z.string(),
  /** Whether the caller shared it. */
  mine: z.boolean(),
  /** Who shared it (the school account sees it; students see null). */
  by: z.string().nullable(),
});
export type SchoolDoodle = z.infer<typeof schoolDoodleSchema>;

/** GET /api/doodles: the caller's school's set (empty, with membership `none`, for learners without one). */
export const doodleSetSchema = z.object({
  membership: z.enum(DOODLE_MEMBERSHIPS),
  school: z.string(),
  limit: z.number().int(),
  total: z.number().int(),
  labels: z.array(z.object({ label: z.string(), count: z.number().int() })),
  drawings: z.array(schoolDoodleSchema),
});
export type DoodleSet = z.infer<typeof doodleSetSchema>;

/** DELETE /api/doodles (the whole set) and DELETE /api/doodles/:id (one drawing): the school account only. */
export const clearDoodlesResultSchema = z.object({ removed: z.number().int() });
export type ClearDoodlesResult = z.infer<typeof clearDoodlesResultSchema>;
