/**
 * scrypt on worker threads of its own. Node's async `crypto.scrypt` already leaves the event loop, but it
 * runs on libuv's shared pool of 4 threads: when a class of 40 signs in at once, file reads (the web app,
 * course videos) and DNS wait behind 40 password hashes. Here the hashes queue on one worker per core,
 * and libuv's pool stays free for everything else.
 *
 * The worker is a few lines of plain JavaScript run with `eval`, so it loads the same way under tsx,
 * vitest and plain node, with no file to locate.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
  maxmem: number;
}

interface Job {
  id: number;
  password: string;
  salt: Buffer;
  params: ScryptParams;
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, params }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), params.keyLength, {
      N: params.N, r: params.r, p: params.p, maxmem: params.maxmem,
    });
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

type Reply = { id: number; key: Uint8Array } | { id: number; error: string };

/** A fixed set of workers fed from one queue; idle workers do not keep the process alive. */
export class ScryptPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly running = new Map<Worker, Job>();
  private nextId = 0;

  constructor(private readonly size = Math.max(1, availableParallelism())) {}

  hash(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, password, salt, params, resolve, reject });
      this.pump();
    });
  }

  /** Jobs waiting for a worker (for tests and diagnostics). */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    const workers = this.all.splice(0);
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private pump() {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? this.spawn();
      if (!worker) return;
      const job = this.queue.shift()!;
      this.running.set(worker, job);
      worker.ref();
      worker.postMessage({ id: job.id, password: job.password, salt: job.salt, params: job.params });
    }
  }

  private spawn(): Worker | undefined {
    if (this.all.length >= this.size) return undefined;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    this.all.push(worker);
    worker.on('message', (reply: Reply) => {
      const job = this.running.get(worker);
      this.running.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (job && job.id === reply.id) {
        if ('key' in reply) job.resolve(Buffer.from(reply.key));
        else job.reject(new Error(reply.error));
      }
      this.pump();
    });
    // A worker that dies takes its job with it: fail that job, forget the worker, keep serving.
    worker.on('error', (error) => this.retire(worker, error));
    worker.on('exit', (code) => this.retire(worker, new Error(`scrypt worker exited with code ${code}`)));
    return worker;
  }

  private retire(worker: Worker, error: Error) {
    const job = this.running.get(worker);
    this.running.delete(worker);
    for (const list of [this.all, this.idle]) {
      const at = list.indexOf(worker);
      if (at >= 0) list.splice(at, 1);
    }
    job?.reject(error);
    this.pump();
  }
}
