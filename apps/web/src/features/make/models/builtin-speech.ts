/**
 * `speak ⟨text⟩`: the text synthesised by the voiceSynthesis lab's built-in voice (eSpeak NG on our own
 * server, no cloud; the kit hands the lab's code in) and played; resolves when it has been spoken or the run
 * ends (a text spoken lately is played again without asking the server). The wait ends after the sound's own length even where the browser cannot play it (autoplay refused, no
 * audio device: headless Chromium plays into nothing and may never fire `ended`), so a program never hangs on
 * speech. Loaded with the first run that speaks.
 */
import { SYNTHESIS_MAX_CHARS } from '@ai-edu/contract';
import type { BuiltinKit, SpokenSound } from './builtin-kit.ts';

/** Slack after the sound's length before the wait ends without `ended` (the player starts a little late). */
const END_SLACK_MS = 300;
/**
 * Texts whose sound is kept: a loop that speaks the same words again does not ask the server each time (its
 * voice allows 30 a minute per student). The oldest goes first.
 */
export const KEPT_SOUNDS = 20;
const kept = new Map<string, SpokenSound>();

async function soundOf(kit: BuiltinKit, words: string, signal: AbortSignal): Promise<SpokenSound> {
  const known = kept.get(words);
  if (known) return known;
  const sound = await kit.synthesise(words, signal);
  kept.set(words, sound);
  if (kept.size > KEPT_SOUNDS) kept.delete(kept.keys().next().value ?? '');
  return sound;
}

export async function speakAloud(kit: BuiltinKit | null, text: string, signal: AbortSignal): Promise<void> {
  const words = text.trim().slice(0, SYNTHESIS_MAX_CHARS);
  if (!words || signal.aborted) return;
  if (!kit) throw new Error('no voice on this page');
  const sound = await soundOf(kit, words, signal);
  if (signal.aborted) return;
  const url = URL.createObjectURL(new Blob([sound.wav.slice()], { type: 'audio/wav' }));
  const audio = new Audio(url);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, sound.seconds * 1000 + END_SLACK_MS);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      audio.pause();
      URL.revokeObjectURL(url);
      resolve();
    }
    audio.addEventListener('ended', done, { once: true });
    signal.addEventListener('abort', done, { once: true });
    // A refused play (autoplay rules) leaves the timer to end the wait.
    audio.play().catch(() => undefined);
  });
}
