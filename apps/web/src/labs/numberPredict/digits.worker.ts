/**
 * The lab's worker: holds TF.js, the served network and the one trained in the browser. The page sends
 * WorkerRequests and gets WorkerReplies (worker-protocol.ts). Training yields to the message queue every
 * few dozen milliseconds, so "stop" and new drawings are answered while it runs.
 */
import {
  BROWSER_NET,
  accuracy,
  buildDigitNet,
  compileDigitNet,
  trainDigitNet,
} from '@ai-edu/ml/digits/model.ts';
import { countingFetch, DownloadTracker } from '../../lib/download-progress.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';
import { initBackend, loadServedModel, makeInspector, tf, type Inspector } from './worker-runtime.ts';

// The app's TypeScript lib is the DOM one; this is the part of a dedicated worker's scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: WorkerReply, transfer?: Transferable[]) => void;
};

const post = (message: WorkerReply) => scope.postMessage(message);

let served: Inspector | undefined;
let yours: Inspector | undefined;
/** The run under way; 'stop' or a newer 'train' ends it at its next batch. */
let currentRun = 0;
let stopRequested = false;

const YIELD_MS = 40;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function init(modelUrl: string, expectedBytes: number | undefined) {
  const downloads = new DownloadTracker(expectedBytes);
  downloads.subscribe(() => post({ type: 'download', progress: downloads.snapshot() }));
  try {
    const backend = await initBackend();
    const { model, info } = await loadServedModel(modelUrl, countingFetch(downloads)).finally(() =>
      downloads.finish(),
    );
    served = makeInspector(model);
    post({ type: 'ready', backend, info, filters: served.filters() });
  } catch (error) {
    post({ type: 'initFailed', message: error instanceof Error ? error.message : String(error) });
  }
}

async function train(request: Extract<WorkerRequest, { type: 'train' }>) {
  const { run, epochs, train: trainSet, test } = request;
  currentRun = run;
  stopRequested = false;
  const ended = () => stopRequested || currentRun !== run;
  yours?.dispose();
  yours = undefined;
  const model = buildDigitNet(tf, BROWSER_NET);
  try {
    compileDigitNet(tf, model, request.learningRate);
    post({ type: 'trainStart', run, point: { epoch: 0, test: await accuracy(tf, model, test) } });
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let lastYield = performance.now();
    let epoch = 1;
    let completed = 0;
    await trainDigitNet(tf, model, trainSet, {
      epochs,
      batchSize: request.batchSize,
      seed: request.seed,
      augment: false,
      onBatch: async (batch, batches) => {
        if (performance.now() - lastYield > YIELD_MS) {
          post({ type: 'trainProgress', run, epoch, progress: batch / batches, seconds: seconds() });
          await pause();
          lastYield = performance.now();
        }
        return ended();
      },
      onEpoch: async (report) => {
        completed = report.epoch;
        const point = {
          epoch: report.epoch,
          test: await accuracy(tf, model, test),
          train: report.trainAccuracy,
        };
        epoch = report.epoch + 1;
        post({ type: 'trainEpoch', run, point, seconds: seconds() });
        await pause();
        lastYield = performance.now();
        return ended();
      },
    });
    // The optimizer's running averages are only needed while training.
    model.optimizer.dispose();
    if (currentRun !== run) {
      model.dispose();
      return;
    }
    yours = makeInspector(model);
    post({
      type: 'trainEnd',
      run,
      stopped: completed < epochs,
      epochs: completed,
      seconds: seconds(),
      filters: yours.filters(),
    });
  } catch (error) {
    model.dispose();
    post({ type: 'trainFailed', run, message: error instanceof Error ? error.message : String(error) });
  }
}

scope.onmessage = ({ data: request }) => {
  switch (request.type) {
    case 'init':
      void init(request.modelUrl, request.expectedBytes);
      break;
    case 'inspect': {
      const inspector = request.network === 'yours' && yours ? yours : served;
      post({
        type: 'inspection',
        id: request.id,
        network: inspector === yours ? 'yours' : 'ready',
        inspection: inspector ? inspector.inspect(request.pixels) : null,
      });
      break;
    }
    case 'train':
      void train(request);
      break;
    case 'stop':
      stopRequested = true;
      break;
  }
};
