/**
 * The voices the page offers, grouped by the engine that makes the sound, and the small decisions around
 * them (pure, so they are unit-tested without a browser):
 * 1. the browser's own voices that run on this computer (`speechSynthesis`, `localService` only: a remote
 *    one would send the text to the browser maker's servers, which an offline school LAN cannot reach);
 * 2. the school server's built-in eSpeak NG voices — always there;
 * 3. a cloud voice through the school's AI provider, when it is set up (costs credits).
 */
import { ESPEAK_VOICES, SYNTHESIS_MAX_CHARS, type EspeakVoice } from '@ai-edu/contract';

export type VoiceEngine = 'browser' | 'espeak' | 'cloud';

export type VoiceChoice =
  | { engine: 'browser'; voiceURI: string; name: string; lang: string }
  | { engine: 'espeak'; voice: EspeakVoice }
  | { engine: 'cloud' };

/** The part of a `SpeechSynthesisVoice` the page reads (a plain object in tests). */
export interface BrowserVoiceInfo {
  voiceURI: string;
  name: string;
  lang: string;
  localService: boolean;
}

/** One string per voice, for the voice list's values. */
export function voiceKey(choice: VoiceChoice): string {
  if (choice.engine === 'browser') return `browser:${choice.voiceURI}`;
  if (choice.engine === 'espeak') return `espeak:${choice.voice}`;
  return 'cloud';
}

/**
 * The browser voices worth offering: those that run on this computer and speak Chinese or English (the
 * page's two languages), Chinese first, then by name.
 */
export function localVoices(voices: readonly BrowserVoiceInfo[]): VoiceChoice[] {
  const speaks = (lang: string) => /^(zh|cmn|yue|en)\b/i.test(lang);
  const chineseFirst = (lang: string) => (/^(zh|cmn|yue)/i.test(lang) ? 0 : 1);
  return voices
    .filter((v) => v.localService && speaks(v.lang))
    .sort((a, b) => chineseFirst(a.lang) - chineseFirst(b.lang) || a.name.localeCompare(b.name))
    .map((v) => ({ engine: 'browser', voiceURI: v.voiceURI, name: v.name, lang: v.lang }));
}

export const ESPEAK_CHOICES: readonly VoiceChoice[] = ESPEAK_VOICES.map((voice) => ({
  engine: 'espeak',
  voice,
}));

/** The choice a key names among those offered now (a browser voice may have gone). */
export function findVoice(key: string, offered: readonly VoiceChoice[]): VoiceChoice | undefined {
  return offered.find((choice) => voiceKey(choice) === key);
}

/** Whether most of the letters in the text are Chinese characters. */
export function looksChinese(text: string): boolean {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return han > 0 && han >= latin;
}

/** Which language a voice speaks, for the "this voice does not speak that language" hint. */
export function voiceLanguage(choice: VoiceChoice): 'zh' | 'en' | undefined {
  if (choice.engine === 'espeak') return choice.voice === 'cmn' ? 'zh' : 'en';
  if (choice.engine === 'browser') return /^(zh|cmn|yue)/i.test(choice.lang) ? 'zh' : 'en';
  return undefined;
}

/** True when the text is in a language the chosen voice does not speak (it will sound wrong). */
export function languageMismatch(text: string, choice: VoiceChoice): boolean {
  const language = voiceLanguage(choice);
  if (!language || !text.trim()) return false;
  return (language === 'zh') !== looksChinese(text);
}

/** Characters as the server counts them (zod counts UTF-16 units; so does `String.length`). */
export function textProblem(text: string): 'empty' | 'tooLong' | undefined {
  const trimmed = text.trim();
  if (!trimmed) return 'empty';
  if (trimmed.length > SYNTHESIS_MAX_CHARS) return 'tooLong';
  return undefined;
}

/** The browser's rate and pitch take the page's scale as they are (1 = normal; rate 0.1–10, pitch 0–2). */
export function utteranceSettings(speed: number, pitch: number): { rate: number; pitch: number } {
  return { rate: Math.min(10, Math.max(0.1, speed)), pitch: Math.min(2, Math.max(0, pitch)) };
}

/** The downloaded file's name: the engine and voice, and the first words of the text. */
export function downloadName(choice: VoiceChoice, text: string): string {
  const words = text
    .trim()
    .slice(0, 20)
    .replace(/[\\/:*?"<>|\s]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const voice = choice.engine === 'espeak' ? `espeak-${choice.voice}` : choice.engine;
  return `${voice}${words ? `-${words}` : ''}.wav`;
}

/** Whether GET /api/ai/status says a cloud voice is set up (servers before issue 13 have no `tts`). */
export function cloudVoiceReady(status: object | undefined): boolean {
  return status !== undefined && 'tts' in status && status.tts === true;
}
