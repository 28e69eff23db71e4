/**
 * The page's OpenCV worker: started when the lab opens, ended when it closes, started again on retry. The
 * holder is a small store (what useSyncExternalStore reads), so the worker's start and end stay in the effect.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { OpenCvClient } from './opencv-client.ts';

export type OpenCvState = 'loading' | 'ready' | 'error';

interface Snapshot {
  client: OpenCvClient | null;
  state: OpenCvState;
  error: string | null;
}

class OpenCvHolder {
  private current: Snapshot = { client: null, state: 'loading', error: null };
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.current;

  private set(next: Snapshot) {
    this.current = next;
    for (const listener of this.listeners) listener();
  }

  start(): () => void {
    const client = new OpenCvClient();
    this.set({ client, state: 'loading', error: null });
    client.ready.then(
      () => {
        if (this.current.client === client) this.set({ client, state: 'ready', error: null });
      },
      (problem: unknown) => {
        if (this.current.client === client)
          this.set({
            client,
            state: 'error',
            error: problem instanceof Error ? problem.message : String(problem),
          });
      },
    );
    return () => {
      client.dispose();
      if (this.current.client === client) this.set({ client: null, state: 'loading', error: null });
    };
  }
}

export function useOpenCv() {
  const [holder] = useState(() => new OpenCvHolder());
  const [attempt, setAttempt] = useState(0);
  useEffect(() => holder.start(), [holder, attempt]);
  const snapshot = useSyncExternalStore(holder.subscribe, holder.snapshot);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...snapshot, retry };
}
