/**
 * The finished model of each project (and kind) in IndexedDB, so it survives a reload: the head's TF.js
 * artifacts (topology, weight specs, weight bytes) and the `LocalModelInfo` shown with it. One record per
 * project and kind: a new training replaces the last one. Works in the page and in the worker.
 */
import type { TrainKind } from '@ai-edu/contract';
import type { LocalModelInfo } from './types.ts';

const DB_NAME = 'ai-edu-model-train';
const STORE = 'models';

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

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted (storage full?)'));
    });
  } finally {
    db.close();
  }
}

export async function putModel(model: StoredModel): Promise<void> {
  await run('readwrite', (store) => store.put(model));
}

export async function getModel(projectId: number, kind: TrainKind): Promise<StoredModel | null> {
  const found = await run<StoredModel | undefined>(
    'readonly',
    (store) => store.get(storeKey(projectId, kind)) as IDBRequest<StoredModel | undefined>,
  );
  return found ?? null;
}

export async function deleteModel(projectId: number, kind: TrainKind): Promise<void> {
  await run('readwrite', (store) => store.delete(storeKey(projectId, kind)));
}
