/**
 * The browser's own speech synthesis (`speechSynthesis`): its voices arrive late (Chrome fills the list
 * after `voiceschanged`), and only the ones that run on this computer are offered. It speaks straight to the
 * speakers: there is no way to capture its sound into a file, so these voices cannot be downloaded.
 */
import { useEffect, useState } from 'react';
import { localVoices, utteranceSettings, type VoiceChoice } from './voices.ts';

const synth = (): SpeechSynthesis | undefined =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;

/** The local Chinese and English voices, kept up to date; `supported` false where the API is missing. */
export function useBrowserVoices(): { supported: boolean; voices: VoiceChoice[] } {
  const [voices, setVoices] = useState<VoiceChoice[]>(() => localVoices(synth()?.getVoices() ?? []));
  useEffect(() => {
    const speech = synth();
    if (!speech) return;
    const update = () => setVoices(localVoices(speech.getVoices()));
    update();
    speech.addEventListener('voiceschanged', update);
    return () => speech.removeEventListener('voiceschanged', update);
  }, []);
  return { supported: synth() !== undefined, voices };
}

/** Speaks `text` with a local voice; resolves when it finished or was stopped. */
export function speakInBrowser(
  text: string,
  choice: Extract<VoiceChoice, { engine: 'browser' }>,
  speed: number,
  pitch: number,
): Promise<void> {
  const speech = synth();
  if (!speech) return Promise.reject(new Error('speechSynthesis is not available'));
  speech.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  const voice = speech.getVoices().find((v) => v.voiceURI === choice.voiceURI);
  if (voice) utterance.voice = voice;
  utterance.lang = choice.lang;
  const settings = utteranceSettings(speed, pitch);
  utterance.rate = settings.rate;
  utterance.pitch = settings.pitch;
  return new Promise((resolve, reject) => {
    utterance.onend = () => resolve();
    utterance.onerror = (event) =>
      event.error === 'interrupted' || event.error === 'canceled'
        ? resolve()
        : reject(new Error(event.error));
    speech.speak(utterance);
  });
}

export function stopBrowserSpeech(): void {
  synth()?.cancel();
}
