/**
 * Autosave: a change is saved once the student pauses (debounced); saves go one after another, and the last
 * unsaved change of a project is saved before another project opens or the page closes. Each save on the
 * server also records a version (the server keeps the last 20).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MakeWorkspace } from '@ai-edu/contract';
import { RequestError } from '../../../lib/product-call.ts';
import { makeRequests } from '../api/requests.ts';

export const AUTOSAVE_DELAY_MS = 1500;

/**
 * Called with the project's id after each save, while the saved workspace is still the one on the page: the
 * thumbnail saver (thumbnails/thumbnail.ts, loaded on demand) listens here.
 */
export const afterSave = new Set<(projectId: number) => void>();

export type SaveState =
  { kind: 'idle' | 'pending' | 'saving' | 'saved' } | { kind: 'failed'; message: string };

export function useAutosave(projectId: number | null, onSaved?: (projectId: number) => void) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const saved = useRef(onSaved);
  useEffect(() => {
    saved.current = onSaved;
  });
  const id = useRef(projectId);
  const pending = useRef<MakeWorkspace | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());

  /** Saves the pending change now (if any); resolves when every save so far has finished. */
  const flush = useCallback((): Promise<void> => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const projectId = id.current;
    const workspace = pending.current;
    if (projectId === null || workspace === null) return chain.current;
    pending.current = null;
    setState({ kind: 'saving' });
    chain.current = chain.current.then(() =>
      makeRequests.updateProject(projectId, { workspace }, { silent: true }).then(
        () => {
          if (pending.current === null) setState({ kind: 'saved' });
          saved.current?.(projectId);
          for (const listener of afterSave) listener(projectId);
        },
        (error: unknown) => {
          setState({
            kind: 'failed',
            message: error instanceof RequestError ? error.message : String(error),
          });
        },
      ),
    );
    return chain.current;
  }, []);

  /** Forgets the pending change (its project is being deleted). */
  const discard = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  const schedule = useCallback(
    (workspace: MakeWorkspace) => {
      pending.current = workspace;
      setState({ kind: 'pending' });
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  // A new project: the old one's last change is saved first (the cleanup runs while `id` is still the old one).
  useEffect(() => {
    id.current = projectId;
    return () => void flush();
  }, [projectId, flush]);

  // Closing the tab: save what is pending (the request may still go through as the page unloads).
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  }, [flush]);

  return { state, schedule, flush, discard };
}
