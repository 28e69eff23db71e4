/**
 * The lab's built-in voice for other pages (the block studio's `speak` block): eSpeak NG on the school's own
 * server (POST /api/tts/espeak, free, no cloud), Mandarin for a mostly Chinese text and American English
 * otherwise, at the normal speed and pitch; the WAV decoded by the lab's own code to know how long it sounds.
 */
import { base64Bytes, speakWithEspeak } from './speech-api.ts';
import { soundFromBytes } from './sound.ts';
import { looksChinese } from './voices.ts';

export async function synthesiseWithBuiltInVoice(
  text: string,
  signal: AbortSignal,
): Promise<{ wav: Uint8Array; seconds: number }> {
  const voice = looksChinese(text) ? 'cmn' : 'en-us';
  const result = await speakWithEspeak({ text, voice, speed: 1, pitch: 1 }, signal);
  const sound = await soundFromBytes(base64Bytes(result.audio));
  return { wav: sound.wav, seconds: sound.samples.length / sound.sampleRate };
}
