/**
 * A run's ears (docs/make-studio.md "Hearing and reading"): picks the student's sound model that knows the
 * program's command words (models/hearing.ts), reads it with the sound trainer's own code (builtin-kit.ts),
 * opens the microphone once with the microphone module's constraints and problem names (lib/microphone), and
 * passes each word heard on (the page dispatches `hear:<word>`). Everything ends with the run's signal: the
 * microphone is released and the model freed. Problems are told (a stage line) and the program goes on.
 * Loaded on the first run whose blocks listen.
 */
import { classifyMicrophoneError, microphoneConstraints } from '../../../lib/microphone/microphone-core.ts';
import { listProgramModels, type ProgramModel } from '../../../lib/program-models.ts';
import { insecureContextError } from '../../../lib/secure-origin.ts';
import type { BuiltinKit, CommandWordModel } from './builtin-kit.ts';
import { chooseSoundModel, HeardWords } from './hearing.ts';
import type { ModelProblem, SessionStatus } from './model-session.ts';

export interface HearingSessionOptions {
  owner: string;
  /** The words the program's hats wait for. */
  words: readonly string[];
  builtins: BuiltinKit | null;
  signal: AbortSignal;
  onHeard: (word: string) => void;
  onProblem: (problem: ModelProblem) => void;
}

export class HearingSession {
  status: SessionStatus = 'starting';
  /** The model listening, once chosen: its name and the words it knows. */
  model: { name: string; words: readonly string[] } | null = null;
  private heard = new HeardWords([]);
  private stream: MediaStream | null = null;
  private loaded: CommandWordModel | null = null;
  private stopListening: (() => void) | null = null;

  constructor(private readonly options: HearingSessionOptions) {
    options.signal.addEventListener('abort', () => this.end(), { once: true });
    void this.start();
  }

  /** The last word heard ('' before the first): the "word heard" block's answer. */
  get lastWord(): string {
    return this.heard.last;
  }

  /** How sure the model was of that word, 0–100: the "how sure of the word heard" block's answer. */
  get lastPercent(): number {
    return this.heard.lastPercent;
  }

  private fail(problem: ModelProblem): void {
    this.status = 'failed';
    this.options.onProblem(problem);
    this.end();
  }

  private async start(): Promise<void> {
    const { owner, words, builtins, signal, onProblem } = this.options;
    if (!builtins) return this.fail({ kind: 'unavailable' });
    const models = await listProgramModels(owner).catch(() => [] as ProgramModel[]);
    const choice = chooseSoundModel(
      models.filter((model) => model.input === 'sound'),
      words,
    );
    if (!choice) return this.fail({ kind: 'noSoundModel', words: words.join(', ') });
    const { model: record, unknownWords } = choice;
    if (unknownWords.length)
      onProblem({ kind: 'unknownWords', name: record.name, words: unknownWords.join(', ') });
    this.model = { name: record.name, words: record.labels };
    this.heard = new HeardWords(record.labels);
    try {
      this.loaded = await builtins.commandWords(record.weights);
    } catch (error) {
      return this.fail({ kind: 'load', message: error instanceof Error ? error.message : String(error) });
    }
    if (signal.aborted) return this.end();
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw insecureContextError();
      this.stream = await navigator.mediaDevices.getUserMedia(microphoneConstraints());
    } catch (error) {
      return this.fail({ kind: 'microphone', reason: classifyMicrophoneError(error) });
    }
    // Stopped while the browser asked for the microphone: end() ran before the stream existed.
    if (signal.aborted) return this.end();
    this.stopListening = this.loaded.listen(this.stream, (label, probability) => {
      const word = this.heard.update(label, probability);
      if (word !== null && !signal.aborted) this.options.onHeard(word);
    });
    this.status = 'live';
  }

  private end(): void {
    this.stopListening?.();
    this.stopListening = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    this.loaded?.dispose();
    this.loaded = null;
  }
}
