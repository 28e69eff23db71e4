/**
 * The recording a recognition request carries, checked before anything is charged: base64 (bare or a data
 * URL) of a PCM WAV no larger than SPEECH_MAX_BYTES and no longer than SPEECH_MAX_SECONDS.
 */
import { SPEECH_MAX_BYTES, SPEECH_MAX_SECONDS } from '@ai-edu/contract';
import { decodeWav, WavError } from '@ai-edu/ml/audio/wav.ts';
import { decodeBase64Payload } from '../../lib/base64-payload.ts';
import { AppError } from '../../lib/errors.ts';
import type { SpeechAudio } from './providers/speech.ts';

export function decodeSpeechAudio(audio: string): SpeechAudio {
  const wav = decodeBase64Payload(audio);
  if (!wav) throw new AppError('audioInvalid', 400);
  if (wav.length > SPEECH_MAX_BYTES) throw new AppError('audioTooLong', 400);
  let decoded;
  try {
    decoded = decodeWav(wav);
  } catch (error) {
    if (error instanceof WavError) throw new AppError('audioInvalid', 400);
    throw error;
  }
  if (!decoded.samples.length || !decoded.sampleRate) throw new AppError('audioInvalid', 400);
  const seconds = decoded.samples.length / decoded.sampleRate;
  // A few milliseconds over the limit come from rounding in the browser's resampling.
  if (seconds > SPEECH_MAX_SECONDS + 0.1) throw new AppError('audioTooLong', 400);
  return { wav, sampleRate: decoded.sampleRate, seconds };
}
