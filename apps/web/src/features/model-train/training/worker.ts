/** The training worker (being written): answers every call with "not ready" for now. */
import type { WorkerReply, WorkerRequest } from './protocol.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: WorkerReply) => void;
};

scope.onmessage = (event) => {
  const message = event.data;
  if ('id' in message) scope.postMessage({ id: message.id, type: 'failed', message: 'not ready' });
};
