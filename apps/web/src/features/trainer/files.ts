/**
 * The trainer's files, read with validation and clear reasons when they cannot be used:
 * - the project file (JSON): classes, samples (features as base64 float32 + thumbnail) and settings, so a
 *   lesson can continue on another day or another computer;
 * - the model zip: model.json + weights.bin (TF.js layers format, loadable by any TF.js app) and
 *   metadata.json (labels, input kind, feature extractor).
 * Features only make sense with the extractor that made them, so both files name it and are refused by a
 * trainer with another.
 */
import JSZip from 'jszip';
import { z } from 'zod';
import {
  loadModelFiles,
  ModelFileError,
  modelShape,
  saveModelFiles,
  TRAIN_LIMITS,
  WEIGHTS_FILE,
  type Tf,
} from '@ai-edu/ml/trainer/index.ts';
import type * as TF from '@tensorflow/tfjs';
import { TRAINER_LIMITS } from './limits.ts';
import type { NewSample, ProjectData, TrainerState } from './project-state.ts';
import type { InputAdapter } from './types.ts';

export const PROJECT_KIND = 'ai-edu-trainer-project';
export const MODEL_KIND = 'ai-edu-trainer-model';
export const FILE_VERSION = 1;

export type FileErrorCode =
  | 'tooLarge'
  | 'notJson'
  | 'notProject'
  | 'notModel'
  | 'newerVersion'
  | 'wrongInput'
  | 'wrongExtractor'
  | 'damaged'
  | 'notZip'
  | 'missingFile';

export interface FileError {
  readonly code: FileErrorCode;
  /** For wrongInput: the input kind the file is for; for damaged: where; for missingFile: which. */
  readonly detail?: string;
}

export type FileResult<T> = { ok: true; value: T } | { ok: false; error: FileError };

const fail = (code: FileErrorCode, detail?: string) => ({ ok: false, error: { code, detail } }) as const;

export function encodeFeatures(values: Float32Array): string {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function decodeFeatures(text: string): Float32Array | null {
  try {
    const binary = atob(text);
    if (binary.length % 4 !== 0) return null;
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const values = new Float32Array(bytes.buffer);
    return values.every(Number.isFinite) ? values : null;
  } catch {
    return null;
  }
}

const range = (limits: { min: number; max: number }) => z.number().min(limits.min).max(limits.max);

const settingsSchema = z.object({
  epochs: range(TRAIN_LIMITS.epochs).int(),
  learningRate: range(TRAIN_LIMITS.learningRate),
  batchSize: range(TRAIN_LIMITS.batchSize).int(),
  hiddenUnits: range(TRAIN_LIMITS.hiddenUnits).int(),
  holdOut: range(TRAIN_LIMITS.holdOut),
  patience: range(TRAIN_LIMITS.patience).int(),
  seed: z.number().int(),
});

const header = z.object({ kind: z.string(), version: z.number().int() });

const projectSchema = z.object({
  kind: z.literal(PROJECT_KIND),
  version: z.number().int(),
  input: z.enum(['image', 'pose', 'hand']),
  extractor: z.string(),
  featureSize: z.number().int().positive(),
  settings: settingsSchema,
  classes: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(TRAINER_LIMITS.maxClassNameLength),
        samples: z
          .array(z.object({ features: z.string(), thumb: z.string().startsWith('data:image/') }))
          .max(TRAINER_LIMITS.maxSamplesPerClass),
      }),
    )
    .max(TRAINER_LIMITS.maxClasses),
});

export type ProjectFile = z.infer<typeof projectSchema>;

/** The project as the JSON text of its file. */
export function serializeProject(
  state: TrainerState,
  adapter: Pick<InputAdapter, 'kind' | 'extractor' | 'featureSize'>,
): string {
  const file: ProjectFile = {
    kind: PROJECT_KIND,
    version: FILE_VERSION,
    input: adapter.kind,
    extractor: adapter.extractor,
    featureSize: adapter.featureSize,
    settings: state.settings,
    classes: state.classes.map((c) => ({
      name: c.name,
      samples: c.samples.map((s) => ({ features: encodeFeatures(s.features), thumb: s.thumb })),
    })),
  };
  return JSON.stringify(file);
}

function zodWhere(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issue.path.join('.') : '';
}

/** Reads a project file's text for this trainer, or says why it cannot. */
export function parseProject(
  text: string,
  adapter: Pick<InputAdapter, 'kind' | 'extractor' | 'featureSize'>,
): FileResult<ProjectData> {
  if (text.length > TRAINER_LIMITS.maxProjectBytes) return fail('tooLarge');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('notJson');
  }
  const head = header.safeParse(json);
  if (!head.success || head.data.kind !== PROJECT_KIND) return fail('notProject');
  if (head.data.version > FILE_VERSION) return fail('newerVersion');
  const input = (json as { input?: unknown }).input;
  if (input !== adapter.kind) return fail('wrongInput', typeof input === 'string' ? input : undefined);
  const parsed = projectSchema.safeParse(json);
  if (!parsed.success) return fail('damaged', zodWhere(parsed.error));
  const file = parsed.data;
  if (file.extractor !== adapter.extractor || file.featureSize !== adapter.featureSize) {
    return fail('wrongExtractor');
  }
  const names = new Set<string>();
  const classes: { name: string; samples: NewSample[] }[] = [];
  for (const [k, c] of file.classes.entries()) {
    const lower = c.name.toLocaleLowerCase();
    if (names.has(lower)) return fail('damaged', `classes.${k}.name`);
    names.add(lower);
    const samples: NewSample[] = [];
    for (const [i, s] of c.samples.entries()) {
      const features = decodeFeatures(s.features);
      if (!features || features.length !== adapter.featureSize) {
        return fail('damaged', `classes.${k}.samples.${i}`);
      }
      samples.push({ features, thumb: s.thumb });
    }
    classes.push({ name: c.name, samples });
  }
  return { ok: true, value: { classes, settings: file.settings } };
}

const metadataSchema = z.object({
  kind: z.literal(MODEL_KIND),
  version: z.number().int(),
  input: z.enum(['image', 'pose', 'hand']),
  extractor: z.string(),
  featureSize: z.number().int().positive(),
  labels: z
    .array(z.string().min(1).max(TRAINER_LIMITS.maxClassNameLength))
    .min(2)
    .max(TRAINER_LIMITS.maxClasses),
});

export type ModelMetadata = z.infer<typeof metadataSchema>;

export interface LoadedModel {
  readonly model: TF.LayersModel;
  readonly labels: string[];
}

/** The model zip: model.json, weights.bin, metadata.json. */
export async function exportModelZip(
  tf: Tf,
  model: TF.LayersModel,
  labels: readonly string[],
  adapter: Pick<InputAdapter, 'kind' | 'extractor' | 'featureSize'>,
): Promise<ArrayBuffer> {
  const files = await saveModelFiles(tf, model);
  const metadata: ModelMetadata = {
    kind: MODEL_KIND,
    version: FILE_VERSION,
    input: adapter.kind,
    extractor: adapter.extractor,
    featureSize: adapter.featureSize,
    labels: [...labels],
  };
  const zip = new JSZip();
  zip.file('model.json', files.modelJson);
  zip.file(WEIGHTS_FILE, files.weights);
  zip.file('metadata.json', JSON.stringify(metadata, null, 2));
  return zip.generateAsync({ type: 'arraybuffer' });
}

/** Reads a model zip made by this trainer (or says why it cannot). */
export async function importModelZip(
  tf: Tf,
  data: ArrayBuffer,
  adapter: Pick<InputAdapter, 'kind' | 'extractor' | 'featureSize'>,
): Promise<FileResult<LoadedModel>> {
  if (data.byteLength > TRAINER_LIMITS.maxModelZipBytes) return fail('tooLarge');
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    return fail('notZip');
  }
  const read = (name: string) => zip.file(name);
  for (const name of ['metadata.json', 'model.json', WEIGHTS_FILE]) {
    if (!read(name)) return fail('missingFile', name);
  }
  let json: unknown;
  try {
    json = JSON.parse((await read('metadata.json')?.async('string')) ?? '');
  } catch {
    return fail('notJson');
  }
  const head = header.safeParse(json);
  if (!head.success || head.data.kind !== MODEL_KIND) return fail('notModel');
  if (head.data.version > FILE_VERSION) return fail('newerVersion');
  const input = (json as { input?: unknown }).input;
  if (input !== adapter.kind) return fail('wrongInput', typeof input === 'string' ? input : undefined);
  const meta = metadataSchema.safeParse(json);
  if (!meta.success) return fail('damaged', `metadata.json ${zodWhere(meta.error)}`);
  if (meta.data.extractor !== adapter.extractor || meta.data.featureSize !== adapter.featureSize) {
    return fail('wrongExtractor');
  }
  try {
    const model = await loadModelFiles(tf, {
      modelJson: (await read('model.json')?.async('string')) ?? '',
      weights: (await read(WEIGHTS_FILE)?.async('arraybuffer')) ?? new ArrayBuffer(0),
    });
    const shape = modelShape(model);
    if (shape.inputSize !== adapter.featureSize || shape.classes !== meta.data.labels.length) {
      model.dispose();
      return fail('damaged', 'model.json');
    }
    return { ok: true, value: { model, labels: meta.data.labels } };
  } catch (error) {
    if (error instanceof ModelFileError)
      return fail('damaged', error.code === 'weightsMismatch' ? WEIGHTS_FILE : 'model.json');
    throw error;
  }
}
