/**
 * The page's side of the training worker: one `TrainingClient` per page (both kinds), each call a message
 * with an id answered by `done` or `failed`; `prepare` and `train` also stream progress and epochs.
 *
 * ```ts
 * const client = createTrainingClient();
 * await client.prepare('cls', images, { augment: true }, (p) => setProgress(p));
 * const outcome = await client.train({ ...settings, classes }, (epoch) => addPoint(epoch));
 * const { metrics, predictions } = await client.evaluate();
 * ```
 */
import type { TrainKind } from '@ai-edu/contract';
import type { CallRequest, CallResults, WorkerReply, WorkerRequest } from './protocol.ts';
import type {
  EpochReport,
  LocalModelInfo,
  PrepareProgress,
  TrainingClient,
  TrainingImage,
  TrainRequest,
} from './types.ts';

export type * from './types.ts';

/** The part of a Worker the client uses (tests pass a fake). */
export interface WorkerLike {
  postMessage(message: WorkerRequest, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (p: PrepareProgress) => void;
  onEpoch?: (r: EpochReport) => void;
}

function startWorker(): WorkerLike {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'model-train' });
}

export class WorkerTrainingClient implements TrainingClient {
  private worker: WorkerLike | null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private modelReady = false;

  constructor(worker: WorkerLike = startWorker()) {
    this.worker = worker;
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => this.failAll(new Error(event.message || 'the training worker failed'));
  }

  private receive(reply: WorkerReply) {
    const call = this.pending.get(reply.id);
    if (!call) return;
    switch (reply.type) {
      case 'progress':
        call.onProgress?.(reply.progress);
        return;
      case 'epoch':
        call.onEpoch?.(reply.report);
        return;
      case 'done':
        this.pending.delete(reply.id);
        call.resolve(reply.result);
        return;
      case 'failed':
        this.pending.delete(reply.id);
        call.reject(new Error(reply.message));
        return;
    }
  }

  private failAll(error: Error) {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  private call<T extends CallRequest>(
    request: T,
    hooks: Pick<Pending, 'onProgress' | 'onEpoch'> = {},
    transfer: Transferable[] = [],
  ): Promise<CallResults[T['type']]> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('the training client was disposed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, ...hooks });
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  prepare(
    kind: TrainKind,
    images: TrainingImage[],
    opts: { augment: boolean },
    onProgress?: (p: PrepareProgress) => void,
  ) {
    return this.call({ type: 'prepare', kind, images, augment: opts.augment }, { onProgress });
  }

  async train(request: TrainRequest, onEpoch?: (r: EpochReport) => void) {
    const outcome = await this.call({ type: 'train', request }, { onEpoch });
    this.modelReady = true;
    return outcome;
  }

  pause() {
    this.worker?.postMessage({ type: 'pause' });
  }

  resume() {
    this.worker?.postMessage({ type: 'resume' });
  }

  stop() {
    this.worker?.postMessage({ type: 'stop' });
  }

  evaluate() {
    return this.call({ type: 'evaluate' });
  }

  predict(image: ImageBitmap | Blob) {
    return this.call({ type: 'predict', image });
  }

  exportOnnx() {
    return this.call({ type: 'exportOnnx' });
  }

  exportTfjs() {
    return this.call({ type: 'exportTfjs' });
  }

  saveLocal(info: Omit<LocalModelInfo, 'savedAt'>) {
    return this.call({ type: 'saveLocal', info });
  }

  async loadLocal(projectId: number, kind: TrainKind) {
    const info = await this.call({ type: 'loadLocal', projectId, kind });
    if (info) this.modelReady = true;
    return info;
  }

  hasModel() {
    return this.modelReady;
  }

  tensorCount() {
    return this.call({ type: 'tensorCount' });
  }

  dispose() {
    this.failAll(new Error('the training client was disposed'));
    this.worker?.terminate();
    this.worker = null;
  }
}

/** A client with its own worker; call `dispose()` when the page goes. */
export function createTrainingClient(): TrainingClient {
  return new WorkerTrainingClient();
}
