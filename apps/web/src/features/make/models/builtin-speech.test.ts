import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuiltinKit } from './builtin-kit.ts';
import { KEPT_SOUNDS, speakAloud } from './builtin-speech.ts';

/** An <audio> the test ends (or whose play() the browser refuses). */
class FakeAudio extends EventTarget {
  static last: FakeAudio | null = null;
  static refuse = false;
  paused = true;
  constructor(readonly src: string) {
    super();
    FakeAudio.last = this;
  }
  play(): Promise<void> {
    if (FakeAudio.refuse) return Promise.reject(new Error('NotAllowedError'));
    this.paused = false;
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
  }
}

function kit(seconds = 2): BuiltinKit & { said: string[] } {
  const said: string[] = [];
  return {
    said,
    detectors: {} as BuiltinKit['detectors'],
    drawings: {} as BuiltinKit['drawings'],
    synthesise: (text) => {
      said.push(text);
      return Promise.resolve({ wav: new Uint8Array([1, 2, 3]), seconds });
    },
    commandWords: () => Promise.reject(new Error('speech tests hear nothing')),
    readText: () => Promise.reject(new Error('speech tests read nothing')),
  };
}

/** Whether the promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('Audio', FakeAudio);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:sound');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  FakeAudio.last = null;
  FakeAudio.refuse = false;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('speakAloud', () => {
  it('plays the synthesised sound and resolves when it has ended', async () => {
    const voice = kit();
    const speaking = speakAloud(voice, '  hello there ', new AbortController().signal);
    expect(await settled(speaking)).toBe(false);
    expect(voice.said).toEqual(['hello there']);
    expect(FakeAudio.last?.paused).toBe(false);
    FakeAudio.last?.dispatchEvent(new Event('ended'));
    expect(await settled(speaking)).toBe(true);
  });

  it('ends the wait after the sound’s length when the browser cannot play it', async () => {
    FakeAudio.refuse = true;
    const speaking = speakAloud(kit(2), 'hello', new AbortController().signal);
    expect(await settled(speaking)).toBe(false);
    await vi.advanceTimersByTimeAsync(1900);
    expect(await settled(speaking)).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(await settled(speaking)).toBe(true);
  });

  it('stops speaking when the run ends', async () => {
    const run = new AbortController();
    const speaking = speakAloud(kit(), 'hello', run.signal);
    expect(await settled(speaking)).toBe(false);
    run.abort();
    expect(await settled(speaking)).toBe(true);
    expect(FakeAudio.last?.paused).toBe(true);
  });

  it('says nothing for an empty text, and fails without a voice (the page says why)', async () => {
    const voice = kit();
    await speakAloud(voice, '   ', new AbortController().signal);
    expect(voice.said).toEqual([]);
    await expect(speakAloud(null, 'hello', new AbortController().signal)).rejects.toThrow();
  });

  it('asks the server once for a text spoken again, and again once the text is forgotten', async () => {
    const voice = kit();
    const run = new AbortController();
    const say = async (text: string) => {
      const speaking = speakAloud(voice, text, run.signal);
      await settled(speaking);
      FakeAudio.last?.dispatchEvent(new Event('ended'));
      await speaking;
    };
    await say('once more');
    await say('once more');
    expect(voice.said).toEqual(['once more']);
    for (let i = 0; i < KEPT_SOUNDS; i++) await say(`word ${i}`);
    await say('once more');
    expect(voice.said.filter((text) => text === 'once more')).toHaveLength(2);
  });
});
