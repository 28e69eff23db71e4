/**
 * The host functions of the image-model blocks that look at a picture the page draws rather than the webcam:
 * `modelClassifyCostume(id)` — the sprite's costume as the stage draws it, alone on white
 * (components/sprite-canvas.ts `costumeCanvas`) — and `modelClassifyRobotCamera(id)` — what the robot world's
 * robot sees ahead (lib/robot-world/world-drawing.ts `drawCameraView`). Each answers the label the student's
 * image model (the image trainer's, or a model-training classifier kept with "Use in a program") gives that
 * picture. No camera opens: the image trainer's extractor is loaded on the first call and looks at the drawn
 * picture, as the trainer looks at an uploaded photo; one extractor serves every picture. Each model is read
 * from the library once per run; one that is missing, made on other features or damaged is told once (a stage
 * line) and answers ''. Everything is freed when the run ends. Loaded with the model runtime.
 */
import type * as TF from '@tensorflow/tfjs';
import { loadModelFiles, predictProbabilities, type Tf } from '@ai-edu/ml/trainer/index.ts';
import { readProgramModel } from '../../../lib/program-models.ts';
import type { AsyncHostFunction } from '../runtime/program-runner.ts';
import type { ExtractorKit, FeatureExtractor } from './model-kit.ts';
import type { ModelRef } from './model-refs.ts';
import type { ModelProblem } from './model-session.ts';

interface LoadedPictureModel {
  head: TF.LayersModel;
  labels: readonly string[];
}

interface Looking {
  extractor: FeatureExtractor;
  tf: Tf;
}

export interface PictureModelOptions {
  owner: string;
  refs: readonly ModelRef[];
  kit: ExtractorKit | null;
  /** Each host function's picture, drawn now; null where it cannot be drawn. */
  pictures: Record<string, () => HTMLCanvasElement | null>;
  signal: AbortSignal;
  onProblem: (problem: ModelProblem) => void;
}

export function pictureModelHostFunctions(options: PictureModelOptions): Record<string, AsyncHostFunction> {
  const { owner, refs, kit, signal, onProblem } = options;
  let looking: Promise<Looking | null> | null = null;
  const models = new Map<string, Promise<LoadedPictureModel | null>>();
  const heads: TF.LayersModel[] = [];
  let unavailableTold = false;

  const failed = (error: unknown): null => {
    onProblem({ kind: 'load', message: error instanceof Error ? error.message : String(error) });
    return null;
  };
  const extractor = (): Promise<Looking | null> => {
    looking ??= (async () => {
      if (!kit) return null;
      const made = await kit.image();
      signal.addEventListener('abort', () => made.dispose(), { once: true });
      return { extractor: made, tf: await made.load() };
    })().catch(failed);
    return looking;
  };
  const load = (id: string): Promise<LoadedPictureModel | null> => {
    let found = models.get(id);
    if (!found) {
      const name = refs.find((ref) => ref.id === id)?.name ?? id;
      found = (async () => {
        const record = await readProgramModel(owner, id).catch(() => null);
        if (!record) {
          onProblem({ kind: 'missing', name });
          return null;
        }
        const eyes = await extractor();
        if (!eyes) return null;
        // A pose or hand model, or one made on other features, cannot look at a picture of a costume.
        if (record.input !== 'image' || record.extractor !== eyes.extractor.extractor) {
          onProblem({ kind: 'outdated', name });
          return null;
        }
        try {
          const head = await loadModelFiles(eyes.tf, {
            modelJson: record.modelJson,
            weights: record.weights,
          });
          if (signal.aborted) head.dispose();
          else heads.push(head);
          return { head, labels: record.labels };
        } catch (error) {
          return failed(error);
        }
      })();
      models.set(id, found);
    }
    return found;
  };
  signal.addEventListener('abort', () => heads.splice(0).forEach((head) => head.dispose()), { once: true });

  const classify = async (id: unknown, picture: () => HTMLCanvasElement | null): Promise<string> => {
    if (!kit) {
      if (!unavailableTold) onProblem({ kind: 'unavailable' });
      unavailableTold = true;
      return '';
    }
    const model = await load(String(id));
    const eyes = await extractor();
    if (!model || !eyes || signal.aborted) return '';
    const drawn = picture();
    const extraction = drawn ? await eyes.extractor.extract(drawn) : null;
    if (!extraction || signal.aborted) return '';
    const [probabilities] = predictProbabilities(eyes.tf, model.head, [extraction.features]);
    if (!probabilities) return '';
    let best = 0;
    probabilities.forEach((p, i) => {
      if (p > (probabilities[best] ?? 0)) best = i;
    });
    return model.labels[best] ?? '';
  };
  return Object.fromEntries(
    Object.entries(options.pictures).map(([name, picture]) => [name, (id) => classify(id, picture)]),
  );
}
