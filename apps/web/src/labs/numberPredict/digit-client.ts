/**
 * The page's side of the lab's worker: starts it, sends requests, fans replies out to listeners. Drawings
 * may arrive faster than a slow machine recognises them, so at most one inspection is in flight and only
 * the latest waiting drawing is sent next (those in between are stale anyway).
 */
import type { DigitSet } from '@ai-edu/ml/digits/dataset.ts';
import type { NetworkId, WorkerReply, WorkerRequest } from './worker-protocol.ts';

export type Listener = (reply: WorkerReply) => void;

export class DigitClient {
  private readonly worker: Worker;
  private readonly listeners = new Set<Listener>();
  private nextId = 1;
  private inFlight = false;
  private waiting: { network: NetworkId; pixels: Float32Array } | null = null;

  constructor() {
    this.worker = new Worker(new URL('./digits.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<WorkerReply>) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.receive({ type: 'initFailed', message: event.message || 'worker failed to start' });
    };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  init(modelUrl: string, expectedBytes?: number): void {
    this.send({ type: 'init', modelUrl, expectedBytes });
  }

  /** Recognises a 28×28 digit with `network`; the answer comes as an 'inspection' reply. */
  inspect(network: NetworkId, pixels: Float32Array): void {
    if (this.inFlight) {
      this.waiting = { network, pixels };
      return;
    }
    this.inFlight = true;
    this.send({ type: 'inspect', id: this.nextId++, network, pixels });
  }

  train(request: {
    run: number;
    epochs: number;
    learningRate: number;
    batchSize: number;
    seed: number;
    train: DigitSet;
    test: DigitSet;
  }): void {
    this.send({ type: 'train', ...request });
  }

  stop(): void {
    this.send({ type: 'stop' });
  }

  /** Ends the worker: TF.js, both networks and every tensor go with it. */
  terminate(): void {
    this.listeners.clear();
    this.worker.terminate();
  }

  private send(request: WorkerRequest) {
    this.worker.postMessage(request);
  }

  private receive(reply: WorkerReply) {
    if (reply.type === 'inspection') {
      this.inFlight = false;
      const next = this.waiting;
      this.waiting = null;
      // Still shown (it is one drawing behind at most), then the newest waiting drawing goes.
      if (next) this.inspect(next.network, next.pixels);
    }
    for (const listener of this.listeners) listener(reply);
  }
}
