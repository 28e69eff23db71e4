/**
 * A lab's model worker, owned by the page: started when the page opens (its first message loads the model),
 * ended with the page, restartable after a failed load. `create` must call `new Worker(new URL(…,
 * import.meta.url))` itself: that is how the bundler finds the worker's file.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

export function useModelWorker<Request, Reply>(
  create: () => Worker,
  load: Request,
  receive: (reply: Reply) => void,
  /** A worker that could not even start (its script failed): told as the page's load failure. */
  crashed: (message: string) => void,
) {
  const workerRef = useRef<Worker | null>(null);
  // The latest callbacks, without restarting the worker when they change.
  const latest = useRef({ create, load, receive, crashed });
  useLayoutEffect(() => {
    latest.current = { create, load, receive, crashed };
  });

  const start = useCallback(() => {
    workerRef.current?.terminate();
    const worker = latest.current.create();
    worker.onmessage = (event: MessageEvent<Reply>) => latest.current.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      latest.current.crashed(event.message || 'worker failed to start');
    };
    workerRef.current = worker;
    worker.postMessage(latest.current.load);
  }, []);

  useEffect(() => {
    start();
    return () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    };
  }, [start]);

  const send = useCallback((request: Request) => workerRef.current?.postMessage(request), []);
  return { send, restart: start };
}
