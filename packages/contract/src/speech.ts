/**
 * The sound labs' wire shapes (issue 13). Speech recognition goes through the AI gateway as the spec's two
 * calls (§7): `createRecTask` hands over a recording and answers a task id, `describeTaskStatus` is polled
 * until the task succeeded or failed (the credits are kept on success, refunded on failure). Speech synthesis
 * has a free built-in engine (eSpeak NG, run by the server in a separate process) and a paid cloud voice.
 *
 * Plain constants first (no zod needed to read them), then the schemas.
 */
import { z } from 'zod';
import { idempotencyKey } from './ai.ts';
import { text } from './input-rules.ts';

/** The longest recording recognised, and the largest audio the server takes (16 kHz mono WAV is ~1.9 MB). */
export const SPEECH_MAX_SECONDS = 60;
export const SPEECH_MAX_BYTES = 5 * 1024 * 1024;
/** An uploaded audio file the browser decodes (any lab that accepts a recording). */
export const AUDIO_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Text to speak, in characters. */
export const SYNTHESIS_MAX_CHARS = 500;

export const SPEECH_LANGUAGES = ['zh', 'en'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];

/** Tencent's DescribeTaskStatus states, which the OpenAI-compatible adapter maps onto. */
export const REC_TASK_STATES = ['waiting', 'doing', 'success', 'failed'] as const;
export type RecTaskState = (typeof REC_TASK_STATES)[number];

const base64Audio = (maxBytes: number, tooLarge: string) =>
  z
    .string()
    .min(1, { error: 'audio is empty' })
    // Room for a data-URL prefix; the exact limits (bytes, WAV header, seconds) are checked decoded.
    .max(Math.ceil(maxBytes / 3) * 4 + 100, { error: tooLarge });

/**
 * POST /api/ai/createRecTask: a recording as WAV (16-bit PCM, mono; the browser converts whatever was
 * recorded or uploaded), as a `data:audio/wav;base64,` URL or bare base64.
 */
export const createRecTaskRequestSchema = z.object({
  audio: base64Audio(SPEECH_MAX_BYTES, 'the recording is larger than 5 MB'),
  language: z.enum(SPEECH_LANGUAGES).default('zh'),
  idempotencyKey,
});
export type CreateRecTaskRequest = z.infer<typeof createRecTaskRequestSchema>;

/** A stretch of the transcript with its time in the recording (milliseconds). */
export const speechSegmentSchema = z.object({
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
});
export type SpeechSegment = z.infer<typeof speechSegmentSchema>;

/** Where a recognition task stands; `text` and the timings once it succeeded. */
export const recTaskSchema = z.object({
  taskId: z.uuid(),
  status: z.enum(REC_TASK_STATES),
  text: z.string(),
  /** Sentences (or the provider's segments) with their times; empty when the provider gave none. */
  segments: z.array(speechSegmentSchema),
  /** Words with their times, when the provider returns them. */
  words: z.array(speechSegmentSchema),
  /** The credits were kept (success) — false while running, after a failure, or on an empty transcript. */
  charged: z.boolean(),
  balance: z.number(),
  /** Why it failed, in the caller's language. */
  error: z.string().optional(),
});
export type RecTask = z.infer<typeof recTaskSchema>;

/** POST /api/ai/describeTaskStatus. */
export const describeTaskStatusRequestSchema = z.object({ taskId: z.uuid() });
export type DescribeTaskStatusRequest = z.infer<typeof describeTaskStatusRequestSchema>;

/** Speed and pitch on the page's scale: 1 is normal. */
const speed = z.number().min(0.5).max(2).default(1);
const pitch = z.number().min(0.5).max(2).default(1);
const speakText = text()
  .trim()
  .min(1, { error: 'please enter some text' })
  .max(SYNTHESIS_MAX_CHARS, { error: `at most ${SYNTHESIS_MAX_CHARS} characters` });

/** The built-in engine's voices: eSpeak NG's Mandarin and English. */
export const ESPEAK_VOICES = ['cmn', 'en-us', 'en-gb'] as const;
export type EspeakVoice = (typeof ESPEAK_VOICES)[number];

/** POST /api/tts/espeak: free, signed-in, rate limited. */
export const espeakRequestSchema = z.object({
  text: speakText,
  voice: z.enum(ESPEAK_VOICES).default('cmn'),
  speed,
  pitch,
});
export type EspeakRequest = z.infer<typeof espeakRequestSchema>;

/** The built-in engine's answer: the WAV and the phonemes it spoke (eSpeak's own notation). */
export const espeakResultSchema = z.object({
  audio: z.string(),
  mime: z.literal('audio/wav'),
  phonemes: z.string(),
  sampleRate: z.number(),
});
export type EspeakResult = z.infer<typeof espeakResultSchema>;

/** POST /api/ai/textToSpeech: a cloud voice through the gateway, paid. */
export const cloudSpeechRequestSchema = z.object({
  text: speakText,
  /** The provider's voice name (e.g. OpenAI 'alloy', a Tencent VoiceType number as text). */
  voice: text().trim().max(50).optional(),
  speed,
  idempotencyKey,
});
export type CloudSpeechRequest = z.infer<typeof cloudSpeechRequestSchema>;

export const cloudSpeechResultSchema = z.object({
  audio: z.string(),
  mime: z.string(),
  charged: z.boolean(),
  balance: z.number(),
});
export type CloudSpeechResult = z.infer<typeof cloudSpeechResultSchema>;
