/**
 * The finished model of each project (and kind) in IndexedDB, so it survives a reload: the head's TF.js
 * artifacts (topology, weight specs, weight bytes) and the `LocalModelInfo` shown with it. One record per
 * project and kind: a new training replaces the last one. Works in the page and in the worker.
 */
import type { TrainKind } from '@ai-edu/contract';
import { objectStore } from '../../../lib/object-store.ts';
import type { LocalModelInfo } from './types.ts';

const models = objectStore('ai-edu-model-train', 'models', 'key');

/** The head as `tf.io.ModelArtifacts` keeps it (weights in one buffer). */
export interface StoredHead {
  modelTopology: object;
  weightSpecs: { name: string; shape: number[]; dtype: string }[];
  weightData: ArrayBuffer;
}

export interface StoredModel {
  key: string;
  info: LocalModelInfo;
  head: StoredHead;
}

export function storeKey(projectId: number, kind: TrainKind): string {
  return `${projectId}:${kind}`;
}

export async function putModel(model: StoredModel): Promise<void> {
  await models.run('readwrite', (store) => store.put(model));
}

export async function getModel(projectId: number, kind: TrainKind): Promise<StoredModel | null> {
  const found = await models.run<StoredModel | undefined>(
    'readonly',
    (store) => store.get(storeKey(projectId, kind)) as IDBRequest<StoredModel | undefined>,
  );
  return found ?? null;
}

export async function deleteModel(projectId: number, kind: TrainKind): Promise<void> {
  await models.run('readwrite', (store) => store.delete(storeKey(projectId, kind)));
}
