/**
 * The speech providers as the environment configures them (docs/speech-recognition.md): `speech`
 * (recognition) and `tts` (synthesis), each either an OpenAI-compatible server or Tencent Cloud.
 */
import type { SpeechProviderFields } from '../../config.ts';
import { OpenAiSpeechRecognizer, OpenAiSpeechSynthesizer } from './providers/openai-speech.ts';
import type { SpeechRecognizer, SpeechSynthesizer } from './providers/speech.ts';
import {
  parseTencentKey,
  TencentSpeechRecognizer,
  TencentSpeechSynthesizer,
  type TencentSettings,
} from './providers/tencent-speech.ts';

export const DEFAULT_SPEECH_MODELS = { speech: 'whisper-1', tts: 'tts-1' } as const;

export interface SpeechProviderSource {
  recognizer(): SpeechRecognizer | undefined;
  synthesizer(): SpeechSynthesizer | undefined;
  configured(): { speech: boolean; tts: boolean };
}

/** Tencent when named so (or when only a SecretId:SecretKey pair is set), else OpenAI-compatible. */
function vendorOf(fields: SpeechProviderFields): 'openai' | 'tencent' | undefined {
  if (fields.vendor) return fields.vendor;
  if (fields.baseUrl) return 'openai';
  return undefined;
}

function tencentSettings(fields: SpeechProviderFields): TencentSettings | undefined {
  const key = parseTencentKey(fields.apiKey);
  return key && { ...key, region: fields.region, endpoint: fields.baseUrl, model: fields.model };
}

export function speechProviderSource(config: {
  speech: SpeechProviderFields;
  tts: SpeechProviderFields;
}): SpeechProviderSource {
  const recognizer = (): SpeechRecognizer | undefined => {
    const fields = config.speech;
    const vendor = vendorOf(fields);
    if (vendor === 'tencent') {
      const settings = tencentSettings(fields);
      return settings && new TencentSpeechRecognizer(settings);
    }
    if (vendor === 'openai' && fields.baseUrl)
      return new OpenAiSpeechRecognizer({
        baseUrl: fields.baseUrl,
        apiKey: fields.apiKey,
        model: fields.model ?? DEFAULT_SPEECH_MODELS.speech,
      });
    return undefined;
  };
  const synthesizer = (): SpeechSynthesizer | undefined => {
    const fields = config.tts;
    const vendor = vendorOf(fields);
    if (vendor === 'tencent') {
      const settings = tencentSettings(fields);
      return settings && new TencentSpeechSynthesizer(settings);
    }
    if (vendor === 'openai' && fields.baseUrl)
      return new OpenAiSpeechSynthesizer({
        baseUrl: fields.baseUrl,
        apiKey: fields.apiKey,
        model: fields.model ?? DEFAULT_SPEECH_MODELS.tts,
      });
    return undefined;
  };
  return {
    recognizer,
    synthesizer,
    configured: () => ({ speech: Boolean(recognizer()), tts: Boolean(synthesizer()) }),
  };
}

/** The admin console's read-only view of one speech provider: never the key, only whether one is set. */
export interface SpeechProviderView {
  configured: boolean;
  vendor: 'openai' | 'tencent' | null;
  baseUrl: string | null;
  model: string | null;
  region: string | null;
  apiKeySet: boolean;
  /** The environment variables' prefix (AI_SPEECH_ / AI_TTS_): where an admin sets it. */
  envPrefix: string;
}

export function describeSpeechProviders(config: {
  speech: SpeechProviderFields;
  tts: SpeechProviderFields;
}): { speech: SpeechProviderView; tts: SpeechProviderView } {
  const source = speechProviderSource(config);
  const ready = source.configured();
  const view = (kind: 'speech' | 'tts', prefix: string): SpeechProviderView => {
    const fields = config[kind];
    const vendor = vendorOf(fields) ?? null;
    const defaultModel =
      vendor === 'openai'
        ? DEFAULT_SPEECH_MODELS[kind]
        : vendor === 'tencent' && kind === 'speech'
          ? '16k_zh'
          : null;
    return {
      configured: ready[kind],
      vendor,
      baseUrl: fields.baseUrl ?? null,
      model: fields.model ?? defaultModel,
      region: fields.region ?? null,
      apiKeySet: Boolean(fields.apiKey),
      envPrefix: prefix,
    };
  };
  return { speech: view('speech', 'AI_SPEECH_'), tts: view('tts', 'AI_TTS_') };
}
