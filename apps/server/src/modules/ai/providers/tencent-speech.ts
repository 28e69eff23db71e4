/**
 * Tencent Cloud speech, as documented: ASR's recording recognition (CreateRecTask with the audio inline as
 * base64, then DescribeTaskStatus until the task's StatusStr is success or failed; API version 2019-06-14)
 * and TTS's TextToVoice (API version 2019-08-23). Every call is signed with TC3-HMAC-SHA256. Tencent answers
 * HTTP 200 even for a refusal: the error is `Response.Error` { Code, Message }.
 */
import type { SpeechLanguage, SpeechSegment } from '@ai-edu/contract';
import { randomUUID } from 'node:crypto';
import { failure, refusal } from './openai-compatible.ts';
import type { SpeechAudio, SpeechRecognizer, SpeechSynthesizer, TaskPoll } from './speech.ts';
import { tc3Headers } from './tc3-signature.ts';
import { ProviderError } from './types.ts';

export interface TencentSettings {
  secretId: string;
  secretKey: string;
  /** e.g. ap-guangzhou; optional for both products. */
  region?: string;
  /** Overrides `https://<service>.tencentcloudapi.com` (tests point it at the local fake). */
  endpoint?: string;
  /** ASR: the Chinese engine (EngineModelType, default 16k_zh). TTS: the default VoiceType. */
  model?: string;
}

/** `SecretId:SecretKey`, the one key field both settings sources have. */
export function parseTencentKey(
  apiKey: string | undefined,
): { secretId: string; secretKey: string } | undefined {
  const at = apiKey?.indexOf(':') ?? -1;
  if (!apiKey || at <= 0 || at === apiKey.length - 1) return undefined;
  return { secretId: apiKey.slice(0, at).trim(), secretKey: apiKey.slice(at + 1).trim() };
}

interface TencentEnvelope<T> {
  Response?: T & { Error?: { Code?: string; Message?: string }; RequestId?: string };
}

async function callTencent<T>(
  settings: TencentSettings,
  product: { service: 'asr' | 'tts'; version: string },
  action: string,
  body: Record<string, unknown>,
  signal: AbortSignal,
): Promise<T> {
  const url = settings.endpoint ?? `https://${product.service}.tencentcloudapi.com`;
  const payload = JSON.stringify(body);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: tc3Headers({
        secretId: settings.secretId,
        secretKey: settings.secretKey,
        service: product.service,
        host: new URL(url).host,
        action,
        version: product.version,
        region: settings.region,
        payload,
        timestamp: Math.floor(Date.now() / 1000),
      }),
      body: payload,
      signal,
    });
    if (!response.ok) throw await refusal(response);
    const envelope = (await response.json()) as TencentEnvelope<T>;
    const answer = envelope.Response;
    if (!answer) throw new ProviderError('Tencent Cloud answered without a Response', 'error');
    if (answer.Error) {
      const detail = `${answer.Error.Code ?? 'Error'}: ${answer.Error.Message ?? ''}`;
      throw new ProviderError(`Tencent Cloud refused ${action}: ${detail}`, 'error', undefined, detail);
    }
    return answer;
  } catch (error) {
    throw failure(error, signal);
  }
}

const ASR = { service: 'asr', version: '2019-06-14' } as const;
const TTS = { service: 'tts', version: '2019-08-23' } as const;

interface SentenceDetail {
  FinalSentence?: string;
  StartMs?: number;
  EndMs?: number;
  /** Word times are offsets from the sentence's start. */
  Words?: { Word?: string; OffsetStartMs?: number; OffsetEndMs?: number }[];
}

interface TaskData {
  StatusStr?: string;
  Result?: string;
  ErrorMsg?: string;
  ResultDetail?: SentenceDetail[] | null;
}

/** The `Result` text carries `[0:0.020,0:2.380]  sentence` time prefixes: the text alone is kept. */
function plainResult(result: string): string {
  return result
    .split('\n')
    .map((line) => line.replace(/^\s*\[[^\]]*\]\s*/, '').trim())
    .filter(Boolean)
    .join(' ');
}

export function transcriptFromTencent(data: TaskData) {
  const details = data.ResultDetail ?? [];
  const segments: SpeechSegment[] = details
    .map((s) => ({ text: (s.FinalSentence ?? '').trim(), startMs: s.StartMs ?? 0, endMs: s.EndMs ?? 0 }))
    .filter((s) => s.text);
  const words: SpeechSegment[] = details.flatMap((s) =>
    (s.Words ?? [])
      .map((w) => ({
        text: (w.Word ?? '').trim(),
        startMs: (s.StartMs ?? 0) + (w.OffsetStartMs ?? 0),
        endMs: (s.StartMs ?? 0) + (w.OffsetEndMs ?? 0),
      }))
      .filter((w) => w.text),
  );
  const text = segments.length ? segments.map((s) => s.text).join(' ') : plainResult(data.Result ?? '');
  return { text: text.trim(), segments, words };
}

export class TencentSpeechRecognizer implements SpeechRecognizer {
  readonly vendor = 'tencent' as const;
  constructor(private readonly settings: TencentSettings) {}

  /** The configured engine serves Chinese; English always uses Tencent's 16 kHz English engine. */
  private engine(language: SpeechLanguage): string {
    return language === 'en' ? '16k_en' : (this.settings.model ?? '16k_zh');
  }

  async start(audio: SpeechAudio, language: SpeechLanguage, signal: AbortSignal) {
    const answer = await callTencent<{ Data?: { TaskId?: number | string } }>(
      this.settings,
      ASR,
      'CreateRecTask',
      {
        EngineModelType: this.engine(language),
        ChannelNum: 1,
        // 2: sentence and word timings, with punctuation.
        ResTextFormat: 2,
        SourceType: 1,
        Data: audio.wav.toString('base64'),
        DataLen: audio.wav.length,
      },
      signal,
    );
    const taskId = answer.Data?.TaskId;
    if (taskId === undefined || taskId === null)
      throw new ProviderError('Tencent Cloud answered without a TaskId', 'error');
    return { providerTaskId: String(taskId) };
  }

  async poll(providerTaskId: string, signal: AbortSignal): Promise<TaskPoll> {
    const answer = await callTencent<{ Data?: TaskData }>(
      this.settings,
      ASR,
      'DescribeTaskStatus',
      // TaskId is a number in Tencent's API; ours are kept as text.
      { TaskId: Number(providerTaskId) },
      signal,
    );
    const data = answer.Data ?? {};
    switch (data.StatusStr) {
      case 'waiting':
      case 'doing':
        return { status: data.StatusStr };
      case 'success':
        return { status: 'success', transcript: transcriptFromTencent(data) };
      case 'failed':
        return { status: 'failed', error: data.ErrorMsg || 'recognition failed' };
      default:
        throw new ProviderError(`Tencent Cloud task in an unknown state: ${String(data.StatusStr)}`, 'error');
    }
  }
}

/** Tencent's Speed scale: -2 … 6 stand for these rates (0 is normal). */
const TENCENT_SPEEDS: [number, number][] = [
  [-2, 0.6],
  [-1, 0.8],
  [0, 1],
  [1, 1.2],
  [2, 1.5],
  [6, 2.5],
];

/** The Tencent Speed value nearest to our rate (1 is normal). */
export function tencentSpeed(rate: number): number {
  let best = TENCENT_SPEEDS[2]!;
  for (const entry of TENCENT_SPEEDS) if (Math.abs(entry[1] - rate) < Math.abs(best[1] - rate)) best = entry;
  return best[0];
}

export class TencentSpeechSynthesizer implements SpeechSynthesizer {
  constructor(private readonly settings: TencentSettings) {}

  async synthesize(input: { text: string; voice?: string; speed: number }, signal: AbortSignal) {
    const voice = Number(input.voice || this.settings.model || 101001);
    const answer = await callTencent<{ Audio?: string }>(
      this.settings,
      TTS,
      'TextToVoice',
      {
        Text: input.text,
        SessionId: randomUUID(),
        VoiceType: Number.isFinite(voice) ? voice : 101001,
        Codec: 'wav',
        Speed: tencentSpeed(input.speed),
      },
      signal,
    );
    const audio = Buffer.from(answer.Audio ?? '', 'base64');
    if (!audio.length) throw new ProviderError('Tencent Cloud answered without audio', 'error');
    return { audio, mime: 'audio/wav' };
  }
}
