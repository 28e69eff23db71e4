/**
 * The run's hearing session with fakes at its edges: the library (IndexedDB), the microphone (getUserMedia)
 * and the sound trainer's model (the kit). Checks which words reach the program, the problems it tells, and
 * that the microphone and the model are released when the run ends.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgramModel } from '../../../lib/program-models.ts';
import type { BuiltinKit } from './builtin-kit.ts';
import type { ModelProblem } from './model-session.ts';

const library: ProgramModel[] = [];
vi.mock('../../../lib/program-models.ts', () => ({
  listProgramModels: (owner: string) => Promise.resolve(library.filter((m) => m.owner === owner)),
}));
const { HearingSession } = await import('./hearing-session.ts');

const soundModel = (id: string, labels: string[]): ProgramModel => ({
  id,
  owner: 'u1',
  name: labels.join(' / '),
  input: 'sound',
  extractor: 'log-spectrogram',
  labels,
  lab: 'trainAudio',
  modelJson: '',
  weights: new ArrayBuffer(4),
  savedAt: '2026-01-01T00:00:00Z',
});

/** A microphone whose tracks record being stopped, and a model whose guesses the test makes. */
function fakes(microphone: 'works' | Error | 'insecure' = 'works') {
  const track = { stopped: false, stop: () => (track.stopped = true) };
  const state = {
    track,
    guess: (_label: string, _probability: number): void => undefined,
    listening: false,
    disposed: false,
    read: [] as ArrayBuffer[],
  };
  vi.stubGlobal('navigator', {
    mediaDevices:
      microphone === 'insecure'
        ? undefined
        : {
            getUserMedia: () =>
              microphone === 'works'
                ? Promise.resolve({ getTracks: () => [track] })
                : Promise.reject(microphone),
          },
  });
  const kit = {
    commandWords: (file: ArrayBuffer) => {
      state.read.push(file);
      return Promise.resolve({
        labels: ['background noise', 'on', 'off'],
        listen: (_stream: MediaStream, onGuess: (label: string, probability: number) => void) => {
          state.listening = true;
          state.guess = onGuess;
          return () => (state.listening = false);
        },
        dispose: () => (state.disposed = true),
      });
    },
  } as unknown as BuiltinKit;
  return { state, kit };
}

function start(kit: BuiltinKit | null, words: string[]) {
  const run = new AbortController();
  const heard: string[] = [];
  const problems: ModelProblem[] = [];
  const session = new HearingSession({
    owner: 'u1',
    words,
    builtins: kit,
    signal: run.signal,
    onHeard: (word) => heard.push(word),
    onProblem: (problem) => problems.push(problem),
  });
  return { session, run, heard, problems };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  library.splice(0, library.length, soundModel('pets', ['dog']), soundModel('lights', ['on', 'off']));
});
afterEach(() => vi.unstubAllGlobals());

describe('HearingSession', () => {
  it('listens with the model that knows the words, passes each sure word on, and releases it all at the end', async () => {
    const { state, kit } = fakes();
    const { session, run, heard, problems } = start(kit, ['on', 'off']);
    await settle();
    expect(session.status).toBe('live');
    expect(session.model).toEqual({ name: 'on / off', words: ['on', 'off'] });
    expect(state.read).toEqual([library[1]!.weights]);
    state.guess('on', 0.9);
    state.guess('on', 0.9);
    state.guess('background noise', 0.95);
    state.guess('off', 0.3);
    state.guess('off', 0.8);
    expect(heard).toEqual(['on', 'off']);
    expect(session.lastWord).toBe('off');
    expect(problems).toEqual([]);
    run.abort();
    expect(state.listening).toBe(false);
    expect(state.track.stopped).toBe(true);
    expect(state.disposed).toBe(true);
  });

  it('says which words its model does not know, and still listens for the others', async () => {
    const { kit } = fakes();
    const { session, problems } = start(kit, ['on', 'dim']);
    await settle();
    expect(session.status).toBe('live');
    expect(problems).toEqual([{ kind: 'unknownWords', name: 'on / off', words: 'dim' }]);
  });

  it('tells a missing, blocked or insecure microphone, and frees the model', async () => {
    for (const [microphone, reason] of [
      [Object.assign(new Error('none'), { name: 'NotFoundError' }), 'missing'],
      [Object.assign(new Error('no'), { name: 'NotAllowedError' }), 'denied'],
      ['insecure', 'insecure'],
    ] as const) {
      const { state, kit } = fakes(microphone);
      const { session, problems } = start(kit, ['on']);
      await settle();
      expect(session.status).toBe('failed');
      expect(problems).toEqual([{ kind: 'microphone', reason }]);
      expect(state.disposed).toBe(true);
    }
  });

  it('tells when no sound model knows the words, or the model cannot load, without opening the microphone', async () => {
    const { state, kit } = fakes();
    const none = start(kit, ['cat']);
    await settle();
    expect(none.problems).toEqual([{ kind: 'noSoundModel', words: 'cat' }]);
    expect(state.read).toEqual([]);

    const broken = { commandWords: () => Promise.reject(new Error('damaged')) } as unknown as BuiltinKit;
    const failed = start(broken, ['on']);
    await settle();
    expect(failed.problems).toEqual([{ kind: 'load', message: 'damaged' }]);

    const nowhere = start(null, ['on']);
    await settle();
    expect(nowhere.problems).toEqual([{ kind: 'unavailable' }]);
  });

  it('releases a microphone that opens after the run was stopped', async () => {
    const { state, kit } = fakes();
    let grant: (stream: unknown) => void = () => undefined;
    vi.stubGlobal('navigator', {
      mediaDevices: { getUserMedia: () => new Promise((resolve) => (grant = resolve)) },
    });
    const { session, run } = start(kit, ['on']);
    await settle(); // the browser is asking for the microphone
    run.abort();
    grant({ getTracks: () => [state.track] });
    await settle();
    expect(session.status).not.toBe('live');
    expect(state.listening).toBe(false);
    expect(state.track.stopped).toBe(true);
    expect(state.disposed).toBe(true);
  });
});
