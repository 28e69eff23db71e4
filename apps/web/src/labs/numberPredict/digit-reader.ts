/**
 * The lab's served digit network for another page (the studio's `digit of the drawing` block): the lab's own
 * worker and loader (DigitClient, digits.worker.ts), asked one drawing at a time. `terminate` ends the worker
 * and TF.js with it.
 */
import { DigitClient } from './digit-client.ts';
import { MODEL_BYTES, MODEL_URL } from './meta.ts';

export interface DigitReader {
  /** The ten probabilities for a 28×28 input prepared like the lab's (`preprocessDrawing`). */
  probabilities(pixels: Float32Array): Promise<readonly number[]>;
  dispose(): void;
}

function readerOf(client: DigitClient): DigitReader {
  // One drawing in flight at a time, so each inspection reply is the answer to the drawing sent.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    probabilities(pixels) {
      const answer = queue.then(
        () =>
          new Promise<readonly number[]>((resolve, reject) => {
            const off = client.subscribe((reply) => {
              if (reply.type === 'inspection') {
                off();
                resolve(reply.inspection?.probabilities ?? []);
              } else if (reply.type === 'initFailed') {
                off();
                reject(new Error(reply.message));
              }
            });
            client.inspect('ready', pixels);
          }),
      );
      queue = answer.catch(() => undefined);
      return answer;
    },
    dispose: () => client.terminate(),
  };
}

/** Starts the lab's worker with the served network; rejects (worker ended) when it cannot load. */
export function createDigitReader(): Promise<DigitReader> {
  const client = new DigitClient();
  return new Promise((resolve, reject) => {
    const off = client.subscribe((reply) => {
      if (reply.type === 'ready') {
        off();
        resolve(readerOf(client));
      } else if (reply.type === 'initFailed') {
        off();
        client.terminate();
        reject(new Error(reply.message));
      }
    });
    client.init(new URL(MODEL_URL, window.location.href).href, MODEL_BYTES);
  });
}
