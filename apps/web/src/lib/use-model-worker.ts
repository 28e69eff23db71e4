/**
 * A tiny model's worker, owned by the page (the poet, the painter): started when the page opens, its first
 * message loading the model from `source` (a folder of the build's model assets); ended with the page;
 * restartable after a failed load. The loading replies (model-worker-protocol.ts) are handled here: the
 * page reads `model` and `downloads`, and `receive` hears every other reply.
 *
 * `create` must call `new Worker(new URL(…, import.meta.url))` itself: that is how the bundler finds the
 * worker's file.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DownloadMirror, sumKnown } from './download-progress.ts';
import { modelBytes, modelUrl } from './model-assets.ts';
import type { ModelLoadReply, ModelLoadRequest } from './model-worker-protocol.ts';

export interface ModelLoad<Info> {
  status: 'loading' | 'ready' | 'failed';
  info?: Info;
  error?: string;
}

export function useModelWorker<Request, Reply extends { type: string }, Info>(
  create: () => Worker,
  source: string,
  receive: (reply: Exclude<Reply, ModelLoadReply<Info>>) => void,
) {
  const workerRef = useRef<Worker | null>(null);
  const downloads = useMemo(() => new DownloadMirror(), []);
  const [model, setModel] = useState<ModelLoad<Info>>({ status: 'loading' });
  // The latest callbacks, without restarting the worker when they change.
  const latest = useRef({ create, source, receive });
  useLayoutEffect(() => {
    latest.current = { create, source, receive };
  });

  const start = useCallback(() => {
    workerRef.current?.terminate();
    const worker = latest.current.create();
    worker.onmessage = (event: MessageEvent<Reply | ModelLoadReply<Info>>) => {
      const reply = event.data as ModelLoadReply<Info>;
      if (reply.type === 'download') downloads.set(reply.progress);
      else if (reply.type === 'ready') setModel({ status: 'ready', info: reply.info });
      else if (reply.type === 'loadFailed') setModel({ status: 'failed', error: reply.message });
      else latest.current.receive(event.data as Exclude<Reply, ModelLoadReply<Info>>);
    };
    // A worker that could not even start (its script failed): told as the load failure.
    worker.onerror = (event) => {
      event.preventDefault();
      setModel({ status: 'failed', error: event.message || 'worker failed to start' });
    };
    workerRef.current = worker;
    const folder = latest.current.source;
    const load: ModelLoadRequest = {
      type: 'load',
      base: `${import.meta.env.BASE_URL.replace(/\/$/, '')}${modelUrl(folder)}`,
      expectedBytes: sumKnown(['model.json', 'weights.bin'].map((file) => modelBytes(`${folder}${file}`))),
    };
    worker.postMessage(load);
  }, [downloads]);

  useEffect(() => {
    start();
    return () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    };
  }, [start]);

  const send = useCallback((request: Request) => workerRef.current?.postMessage(request), []);
  const retry = useCallback(() => {
    setModel({ status: 'loading' });
    start();
  }, [start]);
  return { model, downloads, send, retry };
}
