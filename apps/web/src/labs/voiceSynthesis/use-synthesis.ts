/**
 * Speaking the text with the chosen voice: the browser's own voices speak directly; the server's built-in
 * voice and the cloud voice answer a sound that is decoded (for the pictures), played and kept for the
 * download. The same text, voice, speed and pitch again replays the kept sound — for a cloud voice that
 * means no second charge; a failed cloud request is retried with the same key, never charged twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyBalance } from '../../lib/credit-balance.ts';
import { speakInBrowser, stopBrowserSpeech } from './browser-voices.ts';
import { soundFromBytes, type SynthesisedSound } from './sound.ts';
import {
  base64Bytes,
  newSpeechKey,
  speakWithCloud,
  speakWithEspeak,
  SpeechRequestError,
  type SpeechProblem,
} from './speech-api.ts';
import { voiceKey, type VoiceChoice } from './voices.ts';

export interface SpeechSettings {
  text: string;
  choice: VoiceChoice;
  speed: number;
  pitch: number;
}

/** A sound made by the server or the cloud, with what it was made from. */
export interface SpokenResult {
  settingsKey: string;
  settings: SpeechSettings;
  sound: SynthesisedSound;
  /** eSpeak's phonemes (built-in voice only). */
  phonemes?: string;
  /** Cloud voice: whether this answer was charged (false: a retry got an earlier answer back). */
  charged?: boolean;
}

export type SynthesisProblem = SpeechProblem | { kind: 'browser'; message: string };

export type SynthesisPhase = 'idle' | 'working' | 'playing';

/** Everything that changes the sound; the cloud voice ignores pitch (its API has none). */
export function settingsKeyOf({ text, choice, speed, pitch }: SpeechSettings): string {
  return JSON.stringify([voiceKey(choice), text.trim(), speed, choice.engine === 'cloud' ? 1 : pitch]);
}

export function useSynthesis() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SynthesisPhase>('idle');
  const [result, setResult] = useState<SpokenResult | null>(null);
  const [problem, setProblem] = useState<SynthesisProblem | null>(null);
  /** Set when the last press replayed a kept cloud sound (shown as "not charged"). */
  const [replayed, setReplayed] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  /** The request key of each cloud text tried: a retry after a failure is never charged twice. */
  const cloudKeys = useRef(new Map<string, string>());

  const stopAudio = useCallback(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      URL.revokeObjectURL(audio.src);
      audioRef.current = null;
    }
  }, []);

  const stop = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    stopAudio();
    stopBrowserSpeech();
    setPhase('idle');
  }, [stopAudio]);

  // Leaving the page stops the sound and any request.
  useEffect(() => stop, [stop]);

  const play = useCallback(
    (sound: SynthesisedSound) => {
      stopAudio();
      const audio = new Audio(URL.createObjectURL(new Blob([sound.wav.slice()], { type: 'audio/wav' })));
      audioRef.current = audio;
      audio.onended = () => {
        if (audioRef.current === audio) setPhase('idle');
      };
      setPhase('playing');
      // Autoplay rules may refuse (it follows a click, so rarely); the picture and download still work.
      audio.play().catch(() => setPhase('idle'));
    },
    [stopAudio],
  );

  const speak = useCallback(
    async (settings: SpeechSettings) => {
      stop();
      setProblem(null);
      setReplayed(false);
      const { text, choice, speed, pitch } = settings;
      const key = settingsKeyOf(settings);

      if (choice.engine === 'browser') {
        setPhase('playing');
        try {
          await speakInBrowser(text.trim(), choice, speed, pitch);
        } catch (error) {
          setProblem({ kind: 'browser', message: error instanceof Error ? error.message : String(error) });
        }
        setPhase('idle');
        return;
      }

      if (result?.settingsKey === key) {
        setReplayed(choice.engine === 'cloud');
        play(result.sound);
        return;
      }

      const controller = new AbortController();
      controllerRef.current = controller;
      setPhase('working');
      try {
        let next: SpokenResult;
        if (choice.engine === 'espeak') {
          const answer = await speakWithEspeak(
            { text, voice: choice.voice, speed, pitch },
            controller.signal,
          );
          const sound = await soundFromBytes(base64Bytes(answer.audio));
          next = { settingsKey: key, settings, sound, phonemes: answer.phonemes };
        } else {
          const idempotencyKey = cloudKeys.current.get(key) ?? newSpeechKey();
          cloudKeys.current.set(key, idempotencyKey);
          const answer = await speakWithCloud({ text, speed, idempotencyKey }, controller.signal);
          applyBalance(queryClient, answer.balance);
          const sound = await soundFromBytes(base64Bytes(answer.audio));
          next = { settingsKey: key, settings, sound, charged: answer.charged };
        }
        if (controller.signal.aborted) return;
        setResult(next);
        play(next.sound);
      } catch (error) {
        if (controller.signal.aborted) return;
        const found: SynthesisProblem =
          error instanceof SpeechRequestError
            ? error.problem
            : { kind: 'generic', message: error instanceof Error ? error.message : String(error) };
        if (choice.engine === 'cloud') {
          // A refusal may follow a charge made elsewhere (another tab): show the balance as it is.
          void queryClient.invalidateQueries({ queryKey: ['user-info'] });
          if (found.kind === 'notConfigured') void queryClient.invalidateQueries({ queryKey: ['ai-status'] });
        }
        setProblem(found);
        setPhase('idle');
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [play, queryClient, result, stop],
  );

  return { phase, result, problem, replayed, speak, stop };
}
