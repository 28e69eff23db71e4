/**
 * The speech lab's logic without a browser (the web project has no DOM): which voices are offered, the
 * text checks, and the two server calls' requests and error mapping (fetch stubbed).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYNTHESIS_MAX_CHARS } from '@ai-edu/contract';
import { texts } from './i18n.ts';
import {
  base64Bytes,
  CLOUD_SPEECH_PATH,
  ESPEAK_PATH,
  newSpeechKey,
  speakWithCloud,
  speakWithEspeak,
  SpeechRequestError,
} from './speech-api.ts';
import { settingsKeyOf } from './use-synthesis.ts';
import {
  cloudVoiceReady,
  downloadName,
  findVoice,
  languageMismatch,
  localVoices,
  looksChinese,
  textProblem,
  utteranceSettings,
  voiceKey,
  ESPEAK_CHOICES,
} from './voices.ts';

const voice = (name: string, lang: string, localService: boolean) => ({
  voiceURI: `uri:${name}`,
  name,
  lang,
  localService,
});

describe('the voices offered', () => {
  it('keeps only the browser voices that run on this computer and speak Chinese or English, Chinese first', () => {
    const offered = localVoices([
      voice('Google US English', 'en-US', false),
      voice('Samantha', 'en-US', true),
      voice('Thomas', 'fr-FR', true),
      voice('Tingting', 'zh-CN', true),
      voice('Google 普通话', 'zh-CN', false),
      voice('Daniel', 'en-GB', true),
    ]);
    expect(offered.map((v) => (v.engine === 'browser' ? v.name : v.engine))).toEqual([
      'Tingting',
      'Daniel',
      'Samantha',
    ]);
    expect(localVoices([])).toEqual([]);
  });

  it('names every voice by engine so a key finds it again', () => {
    expect(ESPEAK_CHOICES.map(voiceKey)).toEqual(['espeak:cmn', 'espeak:en-us', 'espeak:en-gb']);
    expect(voiceKey({ engine: 'cloud' })).toBe('cloud');
    const browser = localVoices([voice('Tingting', 'zh-CN', true)]);
    expect(findVoice('browser:uri:Tingting', [...browser, ...ESPEAK_CHOICES])).toEqual(browser[0]);
    expect(findVoice('browser:uri:gone', [...browser, ...ESPEAK_CHOICES])).toBeUndefined();
  });

  it('offers the cloud voice only when the server says text-to-speech is set up', () => {
    expect(cloudVoiceReady(undefined)).toBe(false);
    expect(cloudVoiceReady({ chat: true, image: true })).toBe(false);
    expect(cloudVoiceReady({ tts: false })).toBe(false);
    expect(cloudVoiceReady({ tts: true })).toBe(true);
  });
});

describe('the text', () => {
  it('is refused when empty or longer than the limit', () => {
    expect(textProblem('  ')).toBe('empty');
    expect(textProblem('好'.repeat(SYNTHESIS_MAX_CHARS))).toBeUndefined();
    expect(textProblem('好'.repeat(SYNTHESIS_MAX_CHARS + 1))).toBe('tooLong');
    // Spaces around the text are not counted (the server trims too).
    expect(textProblem(`  ${'a'.repeat(SYNTHESIS_MAX_CHARS)}  `)).toBeUndefined();
  });

  it('warns when the text is in a language the voice does not speak', () => {
    expect(looksChinese('你好 AI')).toBe(true);
    expect(looksChinese('Hello 你')).toBe(false);
    expect(languageMismatch('你好', { engine: 'espeak', voice: 'en-us' })).toBe(true);
    expect(languageMismatch('你好', { engine: 'espeak', voice: 'cmn' })).toBe(false);
    expect(languageMismatch('Hello', { engine: 'espeak', voice: 'cmn' })).toBe(true);
    expect(languageMismatch('Hello', { engine: 'cloud' })).toBe(false);
    expect(
      languageMismatch('Hello', { engine: 'browser', voiceURI: 'x', name: 'Tingting', lang: 'zh-CN' }),
    ).toBe(true);
  });

  it('names the download after the voice and the first words', () => {
    expect(downloadName({ engine: 'espeak', voice: 'cmn' }, ' 你好，世界 ')).toBe(
      'espeak-cmn-你好，世界.wav',
    );
    expect(downloadName({ engine: 'cloud' }, 'a/b: c?')).toBe('cloud-a-b-c.wav');
  });

  it('passes speed and pitch to the browser on its own scale, clamped', () => {
    expect(utteranceSettings(1, 1)).toEqual({ rate: 1, pitch: 1 });
    expect(utteranceSettings(2, 2)).toEqual({ rate: 2, pitch: 2 });
    expect(utteranceSettings(20, 3)).toEqual({ rate: 10, pitch: 2 });
  });

  it('replays only when nothing that changes the sound changed (the cloud voice has no pitch)', () => {
    const base = { text: '你好', choice: { engine: 'espeak', voice: 'cmn' } as const, speed: 1, pitch: 1 };
    expect(settingsKeyOf(base)).toBe(settingsKeyOf({ ...base, text: ' 你好 ' }));
    expect(settingsKeyOf(base)).not.toBe(settingsKeyOf({ ...base, pitch: 1.5 }));
    expect(settingsKeyOf(base)).not.toBe(
      settingsKeyOf({ ...base, choice: { engine: 'espeak', voice: 'en-us' } }),
    );
    const cloud = { ...base, choice: { engine: 'cloud' } as const };
    expect(settingsKeyOf(cloud)).toBe(settingsKeyOf({ ...cloud, pitch: 2 }));
  });
});

function answer(status: number, body: unknown) {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function problemOf(promise: Promise<unknown>) {
  const error: unknown = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SpeechRequestError);
  return (error as SpeechRequestError).problem;
}

afterEach(() => vi.unstubAllGlobals());

const WAV_REPLY = { audio: 'UklGRg==', mime: 'audio/wav', phonemes: "ni35X'Au214", sampleRate: 22050 };

describe('the built-in voice call', () => {
  it('posts the text, voice, speed and pitch as JSON and returns the sound and phonemes', async () => {
    const fetch = answer(200, { status: 1, message: 'ok', data: WAV_REPLY });
    const result = await speakWithEspeak({ text: '你好', voice: 'cmn', speed: 1.5, pitch: 0.5 });
    expect(result.phonemes).toBe("ni35X'Au214");
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toContain(ESPEAK_PATH);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ text: '你好', voice: 'cmn', speed: 1.5, pitch: 0.5 });
  });

  it('explains the engine failing, bad input, the limit and a broken connection', async () => {
    const engineDown = {
      status: 0,
      message: 'the built-in speech engine did not answer; try again',
      data: null,
    };
    answer(503, engineDown);
    expect(await problemOf(speakWithEspeak({ text: 'a', voice: 'cmn', speed: 1, pitch: 1 }))).toEqual({
      kind: 'engine',
      message: engineDown.message,
    });
    answer(400, { status: 0, message: 'at most 500 characters', data: null });
    expect(await problemOf(speakWithEspeak({ text: 'a', voice: 'cmn', speed: 1, pitch: 1 }))).toEqual({
      kind: 'input',
      message: 'at most 500 characters',
    });
    answer(429, { status: 0, message: 'too many requests', data: null });
    expect((await problemOf(speakWithEspeak({ text: 'a', voice: 'cmn', speed: 1, pitch: 1 }))).kind).toBe(
      'limit',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await problemOf(speakWithEspeak({ text: 'a', voice: 'cmn', speed: 1, pitch: 1 }))).toEqual({
      kind: 'network',
      message: 'Failed to fetch',
    });
  });
});

describe('the cloud voice call', () => {
  it('sends the request key and reads the balance', async () => {
    const fetch = answer(200, {
      status: 1,
      message: 'ok',
      data: { audio: 'SUQz', mime: 'audio/mpeg', charged: true, balance: 9 },
    });
    const key = newSpeechKey();
    expect(key).toMatch(/^tts-[0-9a-f]{32}$/);
    const result = await speakWithCloud({ text: 'hi', speed: 1, idempotencyKey: key });
    expect(result).toMatchObject({ charged: true, balance: 9, mime: 'audio/mpeg' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toContain(CLOUD_SPEECH_PATH);
    expect(JSON.parse(init.body as string)).toEqual({ text: 'hi', speed: 1, idempotencyKey: key });
  });

  it('reads a 503 as "not set up", a 402 as no credits and a 502 as the provider failing', async () => {
    const call = () => speakWithCloud({ text: 'hi', speed: 1, idempotencyKey: newSpeechKey() });
    answer(503, { status: 0, message: 'not configured', data: null });
    expect((await problemOf(call())).kind).toBe('notConfigured');
    answer(402, { status: 0, message: 'not enough credits', data: null });
    expect((await problemOf(call())).kind).toBe('credits');
    answer(502, { status: 0, message: 'provider failed', data: null });
    expect((await problemOf(call())).kind).toBe('provider');
  });
});

describe('the texts', () => {
  it('decodes base64 with or without a data-URL prefix', () => {
    expect([...base64Bytes('UklGRg==')]).toEqual([82, 73, 70, 70]);
    expect([...base64Bytes('data:audio/wav;base64,UklGRg==')]).toEqual([82, 73, 70, 70]);
  });

  it('has the same keys in Chinese and English, and an error text for every problem', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
      );
    expect(keys(texts['zh-CN'])).toEqual(keys(texts.en));
    for (const kind of [
      'engine',
      'input',
      'credits',
      'limit',
      'denied',
      'session',
      'busy',
      'provider',
      'network',
      'generic',
      'browser',
    ]) {
      expect(texts.en.errors).toHaveProperty(kind);
    }
  });
});
