/**
 * A run's models (docs/make-studio.md "Model blocks", "Built-in AI blocks"): opens the camera, loads each model
 * the program uses from this browser's model library with its trainer's feature extractor, and the built-in
 * detectors its AI blocks use (the labs' own, builtin-kit.ts), and looks at camera frames as fast as they
 * come: one camera and one loop for both, one extraction per extractor for all its models, each detector once. Each change of a model's best label is passed on
 * (the page dispatches "when ⟨model⟩ sees ⟨label⟩"); the model blocks read the latest guesses. Everything ends
 * with the run's signal: the camera's light goes off and the models are freed. The view (model-view.tsx) reads
 * its state a few times a second. Loaded on the first run that uses a model.
 */
import type * as TF from '@tensorflow/tfjs';
import { loadModelFiles, predictProbabilities, type Tf } from '@ai-edu/ml/trainer/index.ts';
import { classifyCameraError, startCamera, stopCamera, videoFrame } from '../../../lib/camera/camera.ts';
import type { MicrophoneProblem } from '../../../lib/microphone/microphone-core.ts';
import { readProgramModel, type CameraModelInput, type ProgramModel } from '../../../lib/program-models.ts';
import type { ModelRef } from './model-refs.ts';
import type { ExtractorKit, FeatureExtractor } from './model-kit.ts';
import type { BuiltinDetector, BuiltinKit, DrawingNetworkName } from './builtin-kit.ts';
import { Sight, type BuiltinDetectorName } from './builtin-sight.ts';
import { Guesses } from './guesses.ts';

export type ModelProblem =
  | { kind: 'missing' | 'outdated'; name: string }
  | { kind: 'camera'; reason: ReturnType<typeof classifyCameraError> }
  | { kind: 'load'; message: string }
  | { kind: 'unavailable' }
  /** The built-in voice could not speak (the program goes on). */
  | { kind: 'speech'; message: string }
  /** A drawing block's network could not load (its blocks answer '', the program goes on). */
  | { kind: 'drawing'; network: DrawingNetworkName; message: string }
  /** Hearing (hearing-session.ts): the microphone, no sound model that knows the words, words it lacks. */
  | { kind: 'microphone'; reason: MicrophoneProblem }
  | { kind: 'noSoundModel'; words: string }
  | { kind: 'unknownWords'; name: string; words: string }
  /** The text reader could not load or read (the block answers ''). */
  | { kind: 'read'; message: string };

export type SessionStatus = 'starting' | 'live' | 'failed';

interface LoadedModel {
  readonly ref: ModelRef;
  readonly labels: readonly string[];
  readonly head: TF.LayersModel;
}

interface ExtractorGroup {
  readonly extractor: FeatureExtractor;
  readonly tf: Tf;
  readonly models: LoadedModel[];
}

export interface ModelSessionOptions {
  refs: readonly ModelRef[];
  owner: string;
  kit: ExtractorKit | null;
  /** The built-in detectors the program's AI blocks use, and the kit that makes them. */
  detectors?: readonly BuiltinDetectorName[];
  builtins?: BuiltinKit | null;
  /** The program reads text from the camera (`ai_read_text`): the camera opens even with nothing to look for. */
  readsText?: boolean;
  /** The program shows the camera as the stage's backdrop: the camera opens too, and needs no kit. */
  cameraBackdrop?: boolean;
  signal: AbortSignal;
  /** A model's best label changed. */
  onSees: (modelId: string, label: string) => void;
  onProblem: (problem: ModelProblem) => void;
}

export class ModelSession {
  readonly guesses = new Guesses();
  /** What the built-in detectors saw last. */
  readonly sight = new Sight();
  readonly detectors: readonly BuiltinDetectorName[];
  /** Whether the program reads text from the camera (the view shows what it read). */
  readonly readsText: boolean;
  readonly video = document.createElement('video');
  readonly refs: readonly ModelRef[];
  status: SessionStatus = 'starting';
  /** Classified frames per second over the last second. */
  rate = 0;
  /** The text read last from the camera (the view shows it); null before the first reading. */
  lastText: string | null = null;
  /** Settles when every loadable model has guessed once, or nothing can: the blocks wait for it. */
  readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;
  private readonly groups: ExtractorGroup[] = [];
  private readonly loadedDetectors: { name: BuiltinDetectorName; detector: BuiltinDetector }[] = [];

  constructor(private readonly options: ModelSessionOptions) {
    this.refs = options.refs;
    this.detectors = options.detectors ?? [];
    this.readsText = options.readsText ?? false;
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.video.setAttribute('aria-hidden', 'true');
    this.video.className = 'make-model-video';
    options.signal.addEventListener('abort', () => this.end(), { once: true });
    void this.start();
  }

  private fail(problem: ModelProblem): void {
    this.status = 'failed';
    this.options.onProblem(problem);
    this.markReady();
  }

  private async start(): Promise<void> {
    const { kit, owner, refs, signal, onProblem, builtins } = this.options;
    if ((refs.length && !kit) || ((this.detectors.length || this.readsText) && !builtins))
      return this.fail({ kind: 'unavailable' });
    const records: ProgramModel[] = [];
    for (const ref of refs) {
      const record = await readProgramModel(owner, ref.id).catch(() => null);
      // A sound model's words are heard by the hearing session (hearing-session.ts), not looked for here.
      if (record?.input === 'sound') onProblem({ kind: 'outdated', name: ref.name });
      else if (record) records.push(record);
      else onProblem({ kind: 'missing', name: ref.name });
    }
    if (
      records.length === 0 &&
      this.detectors.length === 0 &&
      !this.readsText &&
      !this.options.cameraBackdrop
    ) {
      // Each missing model was told already.
      this.status = 'failed';
      return this.markReady();
    }
    try {
      await startCamera(this.video);
    } catch (error) {
      return this.fail({ kind: 'camera', reason: classifyCameraError(error) });
    }
    if (signal.aborted) return this.end();
    try {
      for (const input of new Set(records.map((r) => r.input as CameraModelInput))) {
        if (!kit) break;
        const extractor = await kit[input]();
        const tf = await extractor.load();
        const group: ExtractorGroup = { extractor, tf, models: [] };
        this.groups.push(group);
        for (const record of records.filter((r) => r.input === input)) {
          const ref = refs.find((r) => r.id === record.id)!;
          if (record.extractor !== extractor.extractor) {
            onProblem({ kind: 'outdated', name: ref.name });
            continue;
          }
          const head = await loadModelFiles(tf, { modelJson: record.modelJson, weights: record.weights });
          group.models.push({ ref, labels: record.labels, head });
        }
        if (signal.aborted) return this.end();
      }
      for (const name of this.detectors) {
        if (!builtins) break;
        const detector = await builtins.detectors[name]();
        this.loadedDetectors.push({ name, detector });
        await detector.load();
        if (signal.aborted) return this.end();
      }
    } catch (error) {
      return this.fail({ kind: 'load', message: error instanceof Error ? error.message : String(error) });
    }
    if (signal.aborted) return this.end();
    this.status = 'live';
    void this.classify();
  }

  /** Frames one after another, each through every extractor and its models, until the run ends. */
  private async classify(): Promise<void> {
    const { signal, onSees } = this.options;
    const times: number[] = [];
    while (!signal.aborted) {
      const video = this.video;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        for (const group of this.groups) {
          const extraction = await group.extractor.extract(video);
          if (!extraction || signal.aborted) continue;
          for (const model of group.models) {
            const [probabilities] = predictProbabilities(group.tf, model.head, [extraction.features]);
            const changed = probabilities
              ? this.guesses.update(model.ref.id, model.labels, probabilities)
              : null;
            if (changed !== null) onSees(model.ref.id, changed);
          }
        }
        for (const { name, detector } of this.loadedDetectors) {
          const sighting = await detector.detect(video);
          if (signal.aborted) break;
          this.sight.update(name, sighting);
        }
        this.markReady();
        // Only reading text or showing the camera: a block takes a frame when it needs one (frame()), the stage
        // draws the video itself; nothing to look at meanwhile.
        if (this.groups.length === 0 && this.loadedDetectors.length === 0) return;
        const now = performance.now();
        times.push(now);
        while (times.length && (times[0] ?? now) < now - 1000) times.shift();
        this.rate = times.length;
      }
      // Lets the page (and the program's slices) run between frames.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  /** The camera's picture now, as the camera sends it (not mirrored: text reads the right way), or null. */
  frame(): HTMLCanvasElement | null {
    return this.options.signal.aborted ? null : videoFrame(this.video);
  }

  private end(): void {
    stopCamera(this.video);
    for (const group of this.groups.splice(0)) {
      for (const model of group.models) model.head.dispose();
      group.extractor.dispose();
    }
    for (const { detector } of this.loadedDetectors.splice(0)) detector.dispose();
    this.markReady();
  }
}
