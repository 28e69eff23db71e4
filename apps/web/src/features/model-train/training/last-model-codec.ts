/**
 * The last trained model as one file for the server (issue 25): the IndexedDB record (`StoredModel`: the
 * head's topology, weight specs and bytes, and the `LocalModelInfo` shown with it) as a small ZIP, so another
 * device, or this one after its storage was cleared, gets the same model back. The server keeps it opaque.
 */
import JSZip from 'jszip';
import type { SavedModel, TrainProject } from '@ai-edu/contract';
import type { StoredModel } from './model-store.ts';

const FORMAT = 'ai-edu-last-model/1';
const META = 'last-model.json';
const WEIGHTS = 'weights.bin';

interface Meta {
  format: string;
  key: string;
  info: StoredModel['info'];
  modelTopology: object;
  weightSpecs: StoredModel['head']['weightSpecs'];
}

export async function encodeLastModel(model: StoredModel): Promise<Blob> {
  const meta: Meta = {
    format: FORMAT,
    key: model.key,
    info: model.info,
    modelTopology: model.head.modelTopology,
    weightSpecs: model.head.weightSpecs,
  };
  const zip = new JSZip();
  zip.file(META, JSON.stringify(meta));
  zip.file(WEIGHTS, model.head.weightData);
  const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
}

/** The record back from the file; throws on anything this page did not write. */
export async function decodeLastModel(bytes: ArrayBuffer | Uint8Array): Promise<StoredModel> {
  const zip = await JSZip.loadAsync(bytes);
  const metaFile = zip.file(META);
  const weightsFile = zip.file(WEIGHTS);
  if (!metaFile || !weightsFile) throw new Error('not a last-model file');
  const meta = JSON.parse(await metaFile.async('string')) as Partial<Meta>;
  if (meta.format !== FORMAT || !meta.info || !meta.modelTopology || !Array.isArray(meta.weightSpecs)) {
    throw new Error(`unknown last-model format ${String(meta.format)}`);
  }
  return {
    key: meta.key ?? `${meta.info.projectId}:${meta.info.kind}`,
    info: meta.info,
    head: {
      modelTopology: meta.modelTopology,
      weightSpecs: meta.weightSpecs,
      weightData: await weightsFile.async('arraybuffer'),
    },
  };
}

/**
 * Which copy of the last model the page should use: the newer of the browser's and the server's (a training
 * on another device is newer), the server's when the browser has none; null when neither exists.
 */
export function newerCopy(local: string | null, remote: string | null): 'local' | 'remote' | null {
  if (!remote) return local ? 'local' : null;
  if (!local) return 'remote';
  return Date.parse(remote) > Date.parse(local) ? 'remote' : 'local';
}

/**
 * A saved model in the TF.js format (the Export tab's zip: model.json + weights.bin + labels.json) as the
 * browser's record, for a project whose last training is on neither this browser nor the server (trained
 * before the server kept it): its head, its classes, and what its summary says of the run. An ONNX save holds
 * the whole model as one graph and cannot be taken apart here.
 */
export async function fromTfjsExport(
  bytes: ArrayBuffer | Uint8Array,
  project: Pick<TrainProject, 'id' | 'kind' | 'settings'>,
  saved: Pick<SavedModel, 'summary' | 'createdAt'>,
): Promise<StoredModel> {
  const zip = await JSZip.loadAsync(bytes);
  const [modelFile, weightsFile, labelsFile] = ['model.json', 'weights.bin', 'labels.json'].map((n) =>
    zip.file(n),
  );
  if (!modelFile || !weightsFile || !labelsFile) throw new Error('not a TF.js export of this page');
  const model = JSON.parse(await modelFile.async('string')) as {
    modelTopology?: object;
    weightsManifest?: { weights?: StoredModel['head']['weightSpecs'] }[];
  };
  const weightSpecs = model.weightsManifest?.[0]?.weights;
  const classes = JSON.parse(await labelsFile.async('string')) as unknown;
  if (!model.modelTopology || !weightSpecs || !Array.isArray(classes)) throw new Error('not a TF.js export');
  const summary = saved.summary;
  return {
    key: `${project.id}:${project.kind}`,
    info: {
      projectId: project.id,
      kind: project.kind,
      classes: classes.map(String),
      settings: project.settings,
      outcome: {
        epochs: summary?.epochs ?? 0,
        trainMs: summary?.trainMs ?? 0,
        featureMs: 0,
        stopped: false,
        history: [],
      },
      evaluation: null,
      savedAt: summary?.at ?? saved.createdAt,
    },
    head: {
      modelTopology: model.modelTopology,
      weightSpecs,
      weightData: await weightsFile.async('arraybuffer'),
    },
  };
}
