/** The training worker: runs one `TrainRequest` and posts its messages (see training-run.ts). */
import { runTraining, type TrainMessage, type TrainRequest } from './training-run.ts';

// The app's TypeScript lib is the DOM one; this is the part of a dedicated worker's scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TrainRequest>) => void) | null;
  postMessage: (message: TrainMessage) => void;
};

scope.onmessage = (event) => {
  void runTraining(event.data, (message) => scope.postMessage(message));
};
