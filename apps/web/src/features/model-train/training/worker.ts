/**
 * The training worker: TF.js (WASM), the frozen backbone, the features of every image (computed once per
 * image, kind and augmentation, kept while the page lives), the trained head, its evaluation, predictions,
 * exports and the IndexedDB copy. The page talks to it through client.ts (messages in protocol.ts).
 */
import type * as TF from '@tensorflow/tfjs';
import type { TrainKind } from '@ai-edu/contract';
import {
  CLS_EXTRACTOR_ID,
  CLS_FEATURE_NODE,
  CLS_INPUT_SIZE,
  DET_EXTRACTOR_ID,
  DET_FEATURE_NODE,
  DET_INPUT_SIZE,
} from '@ai-edu/ml/model-train/backbone.ts';
import {
  predictClassProbabilities,
  trainClassifierHead,
  type ClsSample,
} from '@ai-edu/ml/model-train/classify.ts';
import {
  DET_DECODE,
  predictDetections,
  predictDetectionsBatch,
  trainDetectionHead,
  type DetSample,
} from '@ai-edu/ml/model-train/detect.ts';
import { computeFeatures, type FeatureMapShape } from '@ai-edu/ml/model-train/features.ts';
import { evaluateClassification, evaluateDetection } from '@ai-edu/ml/model-train/metrics.ts';
import {
  exportClassifierOnnx,
  exportDetectorOnnx,
  PREPROCESSING,
} from '@ai-edu/ml/model-train/onnx/export.ts';
import type { TfGraphTopology } from '@ai-edu/ml/model-train/onnx/tf-graph.ts';
import { decodeGraphWeights } from '@ai-edu/ml/model-train/onnx/weights.ts';
import type { RgbaImage } from '@ai-edu/ml/model-train/preprocess.ts';
import { getModel, putModel, type StoredHead } from './model-store.ts';
import type { CallRequest, CallResults, WorkerReply, WorkerRequest } from './protocol.ts';
import { buildTfjsZip } from './tfjs-export.ts';
import type { EpochReport, Evaluation, LocalModelInfo, TrainingImage, TrainRequest } from './types.ts';
import { decodePixels, fetchPixels, initTf, loadServedBackbone, tf } from './worker-runtime.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: WorkerReply, transfer?: Transferable[]) => void;
};
const post = (message: WorkerReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

/** Seeds the augmented crops (with the image id, so an image always gets the same variants). */
const AUGMENT_SEED = 20260415;

interface State {
  kind: TrainKind | null;
  images: TrainingImage[];
  augment: boolean;
  featureMs: number;
  head: TF.LayersModel | null;
  headKind: TrainKind | null;
  classes: string[];
  paused: boolean;
  stopping: boolean;
}

const state: State = {
  kind: null,
  images: [],
  augment: false,
  featureMs: 0,
  head: null,
  headKind: null,
  classes: [],
  paused: false,
  stopping: false,
};

interface Variant {
  features: Float32Array;
  /** Mirrored left–right (det: the boxes are mirrored by the trainer). */
  flip: boolean;
}

/**
 * Features per `${kind}:${with variants}:${imageId}`: the original first, then the augmented variants. cls: 480
 * numbers each; det: the H×W×C map (`detShape`), about 1 MB per variant at 320².
 */
const features = new Map<string, Variant[]>();
let detShape: FeatureMapShape | null = null;
/** Augmented variants are made for training images only: an image that moves to the train split gets them then. */
const variantsWanted = (augment: boolean, image: TrainingImage) => augment && image.split === 'train';
const featureKey = (kind: TrainKind, augment: boolean, image: TrainingImage) =>
  `${kind}:${variantsWanted(augment, image) ? 1 : 0}:${image.id}`;

/** Lets queued messages (pause, stop) in while a long loop runs. */
const yieldToMessages = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const control = {
  shouldStop: () => state.stopping,
  async waitWhilePaused() {
    await yieldToMessages();
    while (state.paused && !state.stopping) await new Promise((resolve) => setTimeout(resolve, 50));
  },
};

async function prepare(id: number, request: Extract<CallRequest, { type: 'prepare' }>) {
  await initTf();
  const backbone = await loadServedBackbone((received, total) =>
    post({ id, type: 'progress', progress: { phase: 'backbone', done: received, total: total ?? 0 } }),
  );
  state.kind = request.kind;
  state.images = request.images;
  state.augment = request.augment;
  const todo = request.images.filter((im) => !features.has(featureKey(request.kind, request.augment, im)));
  const total = todo.length;
  const started = performance.now();
  post({ id, type: 'progress', progress: { phase: 'features', done: 0, total } });
  // Fetch a few images ahead while the backbone runs on the current one.
  const ahead = 4;
  const loads = new Map<number, Promise<RgbaImage>>();
  const load = (i: number) => {
    if (i < todo.length && !loads.has(i)) loads.set(i, fetchPixels(todo[i]!.url));
  };
  for (let i = 0; i < ahead; i++) load(i);
  for (let i = 0; i < todo.length; i++) {
    const image = todo[i]!;
    const px = await loads.get(i)!;
    loads.delete(i);
    load(i + ahead);
    const augmentThis = variantsWanted(request.augment, image);
    const { variants, shape } = await computeFeatures(tf, backbone.model, [px], request.kind, {
      augment: augmentThis,
      seed: AUGMENT_SEED + image.id,
    });
    if (request.kind === 'det') detShape = shape;
    features.set(
      featureKey(request.kind, request.augment, image),
      variants[0]!.map((v) => ({ features: v.features, flip: v.flip })),
    );
    post({ id, type: 'progress', progress: { phase: 'features', done: i + 1, total } });
    await yieldToMessages();
  }
  state.featureMs = performance.now() - started;
}

function cachedFeatures(image: TrainingImage): Variant[] {
  const kind = state.kind;
  const found = kind ? features.get(featureKey(kind, state.augment, image)) : undefined;
  if (!found) throw new Error('prepare the images first');
  return found;
}

function beginTraining() {
  state.paused = false;
  state.stopping = false;
  state.head?.dispose();
  state.head = null;
}

async function train(id: number, request: TrainRequest): Promise<CallResults['train']> {
  if (!state.kind) throw new Error('prepare the images first');
  const history: EpochReport[] = [];
  const started = performance.now();
  const report = (e: Omit<EpochReport, 'elapsedMs'>) => {
    const epoch: EpochReport = { ...e, elapsedMs: performance.now() - started };
    history.push(epoch);
    post({ id, type: 'epoch', report: epoch });
  };
  const settings = {
    epochs: request.epochs,
    learningRate: request.learningRate,
    batchSize: request.batchSize,
    seed: 1,
    control,
  };
  let head: TF.LayersModel;
  if (state.kind === 'cls') {
    const classes = request.classes.length;
    if (classes < 2) throw new Error('training needs at least two classes');
    const trainSet: ClsSample[] = [];
    const valSet: ClsSample[] = [];
    for (const image of state.images) {
      if (image.label === null) continue;
      const variants = cachedFeatures(image);
      if (image.split === 'train')
        for (const v of variants) trainSet.push({ features: v.features, label: image.label });
      else if (image.split === 'val') valSet.push({ features: variants[0]!.features, label: image.label });
    }
    beginTraining();
    head = (await trainClassifierHead(tf, trainSet, valSet, classes, { ...settings, onEpoch: report })).model;
  } else {
    const classes = request.classes.length;
    if (classes < 1) throw new Error('detection needs at least one class');
    if (!detShape) throw new Error('prepare the images first');
    const trainSet: DetSample[] = [];
    const valSet: DetSample[] = [];
    for (const image of state.images) {
      const variants = cachedFeatures(image);
      if (image.split === 'train')
        for (const v of variants) trainSet.push({ features: v.features, boxes: image.boxes, flip: v.flip });
      else if (image.split === 'val') valSet.push({ features: variants[0]!.features, boxes: image.boxes });
    }
    beginTraining();
    head = (
      await trainDetectionHead(tf, trainSet, valSet, detShape, classes, {
        ...settings,
        mapEvery: 2,
        onEpoch: (e) => report({ epoch: e.epoch, loss: e.loss, valLoss: e.valLoss, valMap: e.valMap }),
      })
    ).model;
  }
  state.head = head;
  state.headKind = state.kind;
  state.classes = [...request.classes];
  state.stopping = false;
  return {
    epochs: history.length,
    trainMs: performance.now() - started,
    featureMs: state.featureMs,
    stopped: history.length < request.epochs,
    history,
  };
}

function requireHead(): TF.LayersModel {
  if (!state.head) throw new Error('train a model first');
  return state.head;
}

async function evaluate(): Promise<Evaluation> {
  const head = requireHead();
  if (state.headKind !== state.kind) throw new Error('prepare the images first');
  if (state.headKind === 'det') {
    const test = state.images.filter((im) => im.split === 'test');
    if (test.length === 0 || !detShape) throw new Error('the test split has no images');
    const found = await predictDetectionsBatch(
      tf,
      head,
      test.map((im) => cachedFeatures(im)[0]!.features),
      detShape,
    );
    const m = evaluateDetection(
      found,
      test.map((im) => im.boxes),
      state.classes.length,
      0.5,
    );
    return {
      metrics: {
        task: 'det',
        map: m.map,
        classes: state.classes,
        perClassAp: m.perClassAp,
        iouThreshold: m.iouThreshold,
      },
      predictions: test.map((im, i) => ({ imageId: im.id, detections: found[i]! })),
    };
  }
  const test = state.images.filter((im) => im.split === 'test' && im.label !== null);
  if (test.length === 0) throw new Error('the test split has no images');
  const probabilities = predictClassProbabilities(
    tf,
    head,
    test.map((im) => cachedFeatures(im)[0]!.features),
  ).map((p) => Array.from(p));
  const predicted = probabilities.map((p) => p.indexOf(Math.max(...p)));
  const m = evaluateClassification(
    test.map((im) => im.label!),
    predicted,
    state.classes.length,
  );
  return {
    metrics: {
      task: 'cls',
      accuracy: m.accuracy,
      classes: state.classes,
      perClass: m.perClass,
      confusion: m.confusion,
    },
    predictions: test.map((im, i) => ({
      imageId: im.id,
      predicted: predicted[i]!,
      probabilities: probabilities[i]!,
    })),
  };
}

async function predict(image: ImageBitmap | Blob): Promise<CallResults['predict']> {
  const head = requireHead();
  const kind = state.headKind ?? 'cls';
  const backbone = await loadServedBackbone();
  const px = await decodePixels(image);
  const { variants, shape } = await computeFeatures(tf, backbone.model, [px], kind);
  const features = variants[0]![0]!.features;
  if (kind === 'det') return { detections: await predictDetections(tf, head, { ...shape, features }) };
  return { probabilities: Array.from(predictClassProbabilities(tf, head, [features])[0]!) };
}

async function headArtifacts(head: TF.LayersModel): Promise<StoredHead> {
  let saved: StoredHead | null = null;
  await head.save(
    tf.io.withSaveHandler(async (artifacts) => {
      const data = artifacts.weightData;
      saved = {
        modelTopology: artifacts.modelTopology as object,
        weightSpecs: artifacts.weightSpecs ?? [],
        weightData: Array.isArray(data) ? await new Blob(data).arrayBuffer() : (data ?? new ArrayBuffer(0)),
      };
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  if (!saved) throw new Error('the model could not be saved');
  return saved;
}

const INPUT_SIZE = { cls: CLS_INPUT_SIZE, det: DET_INPUT_SIZE } as const;
const FEATURE_NODE = { cls: CLS_FEATURE_NODE, det: DET_FEATURE_NODE } as const;

const preprocessing = (kind: TrainKind) => ({ ...PREPROCESSING[kind], input_size: INPUT_SIZE[kind] });

async function exportOnnx(): Promise<Uint8Array> {
  const head = requireHead();
  const kind = state.headKind ?? 'cls';
  const backbone = await loadServedBackbone();
  const weights = decodeGraphWeights(
    tf,
    backbone.json.weightsManifest,
    backbone.weights.map((w) => w.bytes),
  );
  const common = {
    backbone: { topology: backbone.json.modelTopology as unknown as TfGraphTopology, weights },
    cutNode: FEATURE_NODE[kind],
    inputSize: INPUT_SIZE[kind],
    head,
    labels: state.classes,
  };
  return kind === 'cls'
    ? exportClassifierOnnx({ ...common, extra: { extractor: CLS_EXTRACTOR_ID } })
    : exportDetectorOnnx({ ...common, decode: { ...DET_DECODE }, extra: { extractor: DET_EXTRACTOR_ID } });
}

async function exportTfjs(): Promise<Blob> {
  const head = requireHead();
  const backbone = await loadServedBackbone();
  return buildTfjsZip({
    kind: state.headKind ?? 'cls',
    head: await headArtifacts(head),
    labels: state.classes,
    backbone: { json: backbone.json, weights: backbone.weights },
    preprocessing: preprocessing(state.headKind ?? 'cls'),
    featureNode: FEATURE_NODE[state.headKind ?? 'cls'],
  });
}

async function saveLocal(info: Omit<LocalModelInfo, 'savedAt'>): Promise<LocalModelInfo> {
  const head = await headArtifacts(requireHead());
  const full: LocalModelInfo = { ...info, savedAt: new Date().toISOString() };
  await putModel({ key: `${info.projectId}:${info.kind}`, info: full, head });
  return full;
}

async function loadLocal(projectId: number, kind: TrainKind): Promise<LocalModelInfo | null> {
  const stored = await getModel(projectId, kind);
  if (!stored) return null;
  await initTf();
  const head = await tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: stored.head.modelTopology,
      weightSpecs: stored.head.weightSpecs as TF.io.WeightsManifestEntry[],
      weightData: stored.head.weightData,
    }),
  );
  state.head?.dispose();
  state.head = head;
  state.headKind = kind;
  state.classes = stored.info.classes;
  return stored.info;
}

async function answer(id: number, request: CallRequest): Promise<unknown> {
  switch (request.type) {
    case 'prepare':
      return prepare(id, request);
    case 'train':
      return train(id, request.request);
    case 'evaluate':
      return evaluate();
    case 'predict':
      return predict(request.image);
    case 'exportOnnx':
      return exportOnnx();
    case 'exportTfjs':
      return exportTfjs();
    case 'saveLocal':
      return saveLocal(request.info);
    case 'loadLocal':
      return loadLocal(request.projectId, request.kind);
    case 'tensorCount':
      await initTf();
      return tf.memory().numTensors;
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (!('id' in message)) {
    if (message.type === 'pause') state.paused = true;
    else if (message.type === 'resume') state.paused = false;
    else state.stopping = true;
    return;
  }
  const { id, ...request } = message;
  answer(id, request).then(
    (result) =>
      post({ id, type: 'done', result }, result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : []),
    (error: unknown) =>
      post({ id, type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
