/**
 * Saying the computer's guesses aloud with the browser's own speech synthesis, when the student switches it
 * on. Only voices that work without a network (`localService`) in the page's language are used: a school
 * without internet must not send text to a cloud voice. With none, the switch stays off and says why.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Language } from '@ai-edu/contract';

function offlineVoice(lang: Language): SpeechSynthesisVoice | null {
  if (typeof speechSynthesis === 'undefined') return null;
  const prefix = lang === 'en' ? 'en' : 'zh';
  return (
    speechSynthesis.getVoices().find((v) => v.localService && v.lang.toLowerCase().startsWith(prefix)) ?? null
  );
}

export function useSpeech(lang: Language) {
  const [voice, setVoice] = useState(() => offlineVoice(lang));
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    if (typeof speechSynthesis === 'undefined') return;
    // Voices arrive asynchronously in Chromium: look again when the list changes.
    const update = () => setVoice(offlineVoice(lang));
    update();
    speechSynthesis.addEventListener('voiceschanged', update);
    return () => {
      speechSynthesis.removeEventListener('voiceschanged', update);
      speechSynthesis.cancel();
    };
  }, [lang]);

  const say = useCallback(
    (text: string) => {
      if (!enabled || !voice) return;
      speechSynthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      speechSynthesis.speak(utterance);
    },
    [enabled, voice],
  );

  return { available: voice !== null, enabled: enabled && voice !== null, setEnabled, say };
}
