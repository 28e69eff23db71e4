/** GET /api/ai/status's reply (lib/ai-status.ts loads this on demand). */
import { z } from 'zod';

export const aiStatusSchema = z.object({
  chat: z.boolean(),
  image: z.boolean(),
  /** The vision model behind the text lab's optional cloud handwriting reader (older servers: none). */
  vision: z.boolean().catch(false),
  /** Cloud speech recognition (voiceIdentify) and cloud voices (voiceSynthesis); older servers: none. */
  speech: z.boolean().catch(false),
  tts: z.boolean().catch(false),
  costs: z.record(z.string(), z.number()).catch({}),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;
