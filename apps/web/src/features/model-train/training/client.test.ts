import { describe, expect, it } from 'vitest';
import { WorkerTrainingClient, type WorkerLike } from './client.ts';
import type { WorkerReply, WorkerRequest } from './protocol.ts';

/** A worker that records requests; the test answers them with `reply`. */
class FakeWorker implements WorkerLike {
  sent: WorkerRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: WorkerRequest) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(message: WorkerReply) {
    this.onmessage?.({ data: message } as MessageEvent<WorkerReply>);
  }
  lastId(): number {
    const last = this.sent[this.sent.length - 1];
    if (!last || !('id' in last)) throw new Error('no call sent');
    return last.id;
  }
}

describe('WorkerTrainingClient', () => {
  it('streams epochs to the caller and resolves train with the outcome', async () => {
    const worker = new FakeWorker();
    const client = new WorkerTrainingClient(worker);
    const epochs: number[] = [];
    const pending = client.train(
      { epochs: 2, learningRate: 0.01, batchSize: 8, augment: false, classes: ['a', 'b'] },
      (r) => epochs.push(r.epoch),
    );
    const id = worker.lastId();
    expect(client.hasModel()).toBe(false);
    worker.reply({ id, type: 'epoch', report: { epoch: 1, loss: 1, valLoss: null, elapsedMs: 5 } });
    worker.reply({ id, type: 'epoch', report: { epoch: 2, loss: 0.5, valLoss: null, elapsedMs: 9 } });
    worker.reply({
      id,
      type: 'done',
      result: { epochs: 2, trainMs: 9, featureMs: 0, stopped: false, history: [] },
    });
    await expect(pending).resolves.toMatchObject({ epochs: 2, stopped: false });
    expect(epochs).toEqual([1, 2]);
    expect(client.hasModel()).toBe(true);
  });

  it('rejects a call the worker failed, with its message, and sends signals without an id', async () => {
    const worker = new FakeWorker();
    const client = new WorkerTrainingClient(worker);
    const pending = client.evaluate();
    worker.reply({ id: worker.lastId(), type: 'failed', message: 'train a model first' });
    await expect(pending).rejects.toThrow('train a model first');
    client.pause();
    client.stop();
    expect(worker.sent.slice(-2)).toEqual([{ type: 'pause' }, { type: 'stop' }]);
  });

  it('fails pending calls and later ones once disposed', async () => {
    const worker = new FakeWorker();
    const client = new WorkerTrainingClient(worker);
    const pending = client.tensorCount();
    client.dispose();
    await expect(pending).rejects.toThrow('disposed');
    await expect(client.exportOnnx()).rejects.toThrow('disposed');
    expect(worker.terminated).toBe(true);
  });
});
