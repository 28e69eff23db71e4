/**
 * The built-in speech engine against the real eSpeak NG runner: Mandarin and English come back as WAVs
 * with sound in them, text is data (never options), and the engine survives its runner dying or overrunning.
 */
import { decodeWav } from '@ai-edu/ml/audio/wav.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { espeakArguments, espeakPitch, wordsPerMinute } from './espeak-args.ts';
import { EspeakEngine, SpeechEngineError } from './espeak-engine.ts';

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);

describe('speed and pitch in eSpeak units', () => {
  it('maps the page scale onto words per minute and 0–99 with 1 as normal', () => {
    expect([0.5, 1, 2].map(wordsPerMinute)).toEqual([88, 175, 350]);
    expect([0.5, 0.75, 1, 1.5, 2].map(espeakPitch)).toEqual([0, 25, 50, 75, 99]);
  });

  it('never puts the text on the command line', () => {
    const args = espeakArguments({ voice: 'cmn', wpm: 175, pitch: 50 });
    expect(args).toContain('-f');
    expect(args.slice(0, 2)).toEqual(['-v', 'cmn']);
  });
});

describe('the eSpeak NG runner', () => {
  const engine = new EspeakEngine();
  afterAll(() => engine.close());

  it('speaks Mandarin: a WAV with sound and the phonemes it spoke', async () => {
    const sound = await engine.synthesise({ text: '你好，世界。', voice: 'cmn', wpm: 175, pitch: 50 });
    const audio = decodeWav(sound.wav);
    expect(audio.sampleRate).toBe(22050);
    expect(audio.samples.length / audio.sampleRate).toBeGreaterThan(0.5);
    expect(rms(audio.samples)).toBeGreaterThan(0.02);
    // eSpeak's Mandarin mnemonics carry tone numbers: 你好 is ni35 X'Au214.
    expect(sound.phonemes).toMatch(/ni\d+/);
  });

  it('speaks English, and a faster speed makes a shorter sound', async () => {
    const text = 'Machines learn from examples.';
    const normal = decodeWav((await engine.synthesise({ text, voice: 'en-us', wpm: 175, pitch: 50 })).wav);
    const fast = await engine.synthesise({ text, voice: 'en-gb', wpm: 350, pitch: 50 });
    expect(rms(normal.samples)).toBeGreaterThan(0.02);
    expect(decodeWav(fast.wav).samples.length).toBeLessThan(normal.samples.length * 0.75);
    expect(fast.phonemes).toMatch(/m@S'i:nz/);
  });

  it('reads text that looks like an option as words', async () => {
    const sound = await engine.synthesise({
      text: '--help -w /etc/passwd',
      voice: 'en-us',
      wpm: 175,
      pitch: 50,
    });
    expect(sound.phonemes).toMatch(/h'Elp/);
    expect(rms(decodeWav(sound.wav).samples)).toBeGreaterThan(0.02);
  });

  it('starts a new runner when the old one was killed', async () => {
    await engine.synthesise({ text: 'one', voice: 'en-us', wpm: 175, pitch: 50 });
    const first = engine.pid;
    expect(first).toBeDefined();
    process.kill(first!, 'SIGKILL');
    const sound = await engine.synthesise({ text: 'two', voice: 'en-us', wpm: 175, pitch: 50 });
    expect(engine.pid).toBeDefined();
    expect(engine.pid).not.toBe(first);
    expect(rms(decodeWav(sound.wav).samples)).toBeGreaterThan(0.02);
  });

  it('recovers every time its runner is killed just before a request', async () => {
    // The channel may close before the exit is reported; the retry must not go to the same dead runner.
    for (const text of ['one', 'two', 'three']) {
      await engine.synthesise({ text: 'ready', voice: 'en-us', wpm: 175, pitch: 50 });
      const before = engine.pid!;
      process.kill(before, 'SIGKILL');
      const sound = await engine.synthesise({ text, voice: 'en-us', wpm: 175, pitch: 50 });
      expect(engine.pid).not.toBe(before);
      expect(rms(decodeWav(sound.wav).samples)).toBeGreaterThan(0.02);
    }
  });

  it('takes requests in turn when several arrive at once', async () => {
    const texts = ['one', 'two', 'three'];
    const sounds = await Promise.all(
      texts.map((text) => engine.synthesise({ text, voice: 'en-us', wpm: 175, pitch: 50 })),
    );
    expect(sounds.map((s) => s.phonemes)).toEqual(["w'Vn", "t'u:", "Tr'i:"]);
  });
});

describe('when the engine cannot answer', () => {
  it('gives up on a synthesis past its deadline and kills the runner', async () => {
    const engine = new EspeakEngine({ timeoutMs: 1 });
    try {
      await expect(engine.synthesise({ text: '你好', voice: 'cmn', wpm: 175, pitch: 50 })).rejects.toThrow(
        SpeechEngineError,
      );
    } finally {
      await engine.close();
    }
  });

  it('refuses work once closed and leaves no runner behind', async () => {
    const engine = new EspeakEngine();
    await engine.synthesise({ text: 'hi', voice: 'en-us', wpm: 175, pitch: 50 });
    const pid = engine.pid!;
    await engine.close();
    expect(engine.pid).toBeUndefined();
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(engine.synthesise({ text: 'hi', voice: 'en-us', wpm: 175, pitch: 50 })).rejects.toThrow(
      /closed/,
    );
  });
});
