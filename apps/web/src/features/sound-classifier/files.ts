/**
 * The sound classifier's files:
 * - the project (JSON): classes and their 1-s samples (16-bit WAV, base64), so a lesson continues another day;
 * - the model: the fast model as JSON, the CNN as a zip of model.json + weights.bin (TF.js layers format,
 *   loadable by any TF.js app) + metadata.json (labels and the features it expects).
 * `loadSoundModel` takes any of them: a project is trained into a fast model on the spot (a second or two).
 */
import JSZip from 'jszip';
import { z } from 'zod';
import { decodeWav, encodeWav } from '@ai-edu/ml/audio/wav.ts';
import { parseFastModel } from '@ai-edu/ml/audio/classifier-fast.ts';
import { FEATURE_BINS, FEATURE_FRAMES } from '@ai-edu/ml/audio/features.ts';
import { loadModelFiles, saveModelFiles, WEIGHTS_FILE } from '@ai-edu/ml/trainer/serialize.ts';
import type { Tf } from '@ai-edu/ml/audio/classifier-cnn.ts';
import { TRAINER_LIMITS } from '../trainer/limits.ts';
import {
  cnnSoundModel,
  fastSoundModel,
  trainSoundModel,
  type SoundModel,
  type TrainingClass,
} from './model.ts';

export const SOUND_PROJECT_KIND = 'ai-edu-sound-project';
export const SOUND_MODEL_KIND = 'ai-edu-sound-model';
export const SOUND_FILE_VERSION = 1;
/** What the model's input is, so a file from another feature pipeline is refused. */
export const SOUND_FEATURES = `log-spectrogram-${FEATURE_FRAMES}x${FEATURE_BINS}@44100`;

export class SoundFileError extends Error {
  constructor(
    readonly code: 'tooLarge' | 'notJson' | 'notSoundFile' | 'newerVersion' | 'damaged' | 'notZip',
    message: string,
  ) {
    super(message);
    this.name = 'SoundFileError';
  }
}

export interface SoundProject {
  classes: { name: string; background: boolean; samples: { samples: Float32Array; sampleRate: number }[] }[];
}

const className = z.string().min(1).max(TRAINER_LIMITS.maxClassNameLength);

const projectSchema = z.object({
  kind: z.literal(SOUND_PROJECT_KIND),
  version: z.number().int().min(1),
  classes: z
    .array(
      z.object({
        name: className,
        background: z.boolean(),
        /** Each sample a base64 16-bit mono WAV. */
        samples: z.array(z.string()).max(TRAINER_LIMITS.maxSamplesPerClass),
      }),
    )
    .min(1)
    .max(TRAINER_LIMITS.maxClasses),
});

const metadataSchema = z.object({
  kind: z.literal(SOUND_MODEL_KIND),
  version: z.number().int().min(1),
  modelKind: z.enum(['cnn', 'fast']),
  features: z.string(),
  labels: z.array(className).min(2).max(TRAINER_LIMITS.maxClasses),
});

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function serializeSoundProject(project: SoundProject): string {
  return JSON.stringify({
    kind: SOUND_PROJECT_KIND,
    version: SOUND_FILE_VERSION,
    classes: project.classes.map((c) => ({
      name: c.name,
      background: c.background,
      samples: c.samples.map((s) => toBase64(encodeWav(s.samples, s.sampleRate))),
    })),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SoundFileError('notJson', 'the file is not JSON');
  }
}

function checkVersion(json: unknown): void {
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > SOUND_FILE_VERSION) {
    throw new SoundFileError('newerVersion', 'the file was made by a newer version of this lab');
  }
}

export function parseSoundProject(json: unknown): SoundProject {
  checkVersion(json);
  const parsed = projectSchema.safeParse(json);
  if (!parsed.success) throw new SoundFileError('notSoundFile', 'not a sound-classifier project');
  try {
    return {
      classes: parsed.data.classes.map((c) => ({
        name: c.name,
        background: c.background,
        samples: c.samples.map((s) => {
          const { samples, sampleRate } = decodeWav(fromBase64(s));
          return { samples, sampleRate };
        }),
      })),
    };
  } catch {
    throw new SoundFileError('damaged', 'a sample in the project is damaged');
  }
}

/** The fast model as a JSON file. */
export function exportFastModelJson(model: SoundModel): string {
  if (!model.fast) throw new Error('not a fast model');
  return JSON.stringify({
    kind: SOUND_MODEL_KIND,
    version: SOUND_FILE_VERSION,
    modelKind: 'fast',
    features: SOUND_FEATURES,
    labels: model.labels,
    model: model.fast,
  });
}

/** The CNN as a TF.js zip (model.json, weights.bin, metadata.json). */
export async function exportCnnModelZip(tf: Tf, model: SoundModel): Promise<ArrayBuffer> {
  if (!model.network) throw new Error('not a CNN');
  const files = await saveModelFiles(tf, model.network);
  const zip = new JSZip();
  zip.file('model.json', files.modelJson);
  zip.file(WEIGHTS_FILE, files.weights);
  zip.file(
    'metadata.json',
    JSON.stringify({
      kind: SOUND_MODEL_KIND,
      version: SOUND_FILE_VERSION,
      modelKind: 'cnn',
      features: SOUND_FEATURES,
      labels: model.labels,
    }),
  );
  return zip.generateAsync({ type: 'arraybuffer' });
}

function parseMetadata(json: unknown) {
  checkVersion(json);
  const meta = metadataSchema.safeParse(json);
  if (!meta.success || meta.data.features !== SOUND_FEATURES) {
    throw new SoundFileError('notSoundFile', 'not a sound-classifier model');
  }
  return meta.data;
}

/** The classes of a project as training input. */
export function projectClasses(project: SoundProject): TrainingClass[] {
  return project.classes.map((c) => ({ name: c.name, background: c.background, clips: c.samples }));
}

/**
 * Reads an exported model (fast JSON or CNN zip) or a saved project (trained into a fast model here).
 * `tf` is needed only for a CNN zip. Throws SoundFileError with the reason when the file cannot be used.
 */
export async function loadSoundModel(file: File, tf?: Tf | (() => Promise<Tf>)): Promise<SoundModel> {
  if (file.size > TRAINER_LIMITS.maxProjectBytes)
    throw new SoundFileError('tooLarge', 'the file is too large');
  const bytes = new Uint8Array(await file.arrayBuffer());
  // A zip starts with "PK".
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(bytes);
    } catch {
      throw new SoundFileError('notZip', 'the file is not a zip');
    }
    const read = (name: string) => zip.file(name);
    const metaFile = read('metadata.json');
    const modelFile = read('model.json');
    const weightsFile = read(WEIGHTS_FILE);
    if (!metaFile || !modelFile || !weightsFile)
      throw new SoundFileError('damaged', 'the model zip is missing a file');
    const meta = parseMetadata(parseJson(await metaFile.async('string')));
    const tfInstance = typeof tf === 'function' ? await tf() : tf;
    if (!tfInstance) throw new Error('loading a CNN needs TensorFlow.js');
    try {
      const network = await loadModelFiles(tfInstance, {
        modelJson: await modelFile.async('string'),
        weights: await weightsFile.async('arraybuffer'),
      });
      return cnnSoundModel(tfInstance, network, meta.labels);
    } catch {
      throw new SoundFileError('damaged', 'the model files are damaged');
    }
  }
  const json = parseJson(new TextDecoder().decode(bytes));
  const kind = (json as { kind?: unknown } | null)?.kind;
  if (kind === SOUND_PROJECT_KIND) {
    return trainSoundModel(projectClasses(parseSoundProject(json)), { kind: 'fast' });
  }
  const meta = parseMetadata(json);
  if (meta.modelKind !== 'fast') throw new SoundFileError('notSoundFile', 'a CNN comes as a zip');
  try {
    const fast = parseFastModel((json as { model?: unknown }).model);
    return fastSoundModel({ ...fast, labels: meta.labels });
  } catch {
    throw new SoundFileError('damaged', 'the model’s numbers are damaged');
  }
}
