/**
 * The lab's state: the page (a canvas), how it is read (printed or handwritten), the lines read and the
 * student's corrections. Reading starts whenever the page or the mode changes; an older reading that ends
 * late is dropped.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkLine, summarise, type CheckedLine } from '@ai-edu/ml/math/check.ts';
import { DownloadTracker } from '../../lib/download-progress.ts';
import {
  handwritingDownloads,
  readHandwritten,
  readPrinted,
  type PageLine,
  type ReadMode,
} from './read-page.ts';

export type ReadStatus = 'idle' | 'loading' | 'reading' | 'done' | 'error';

export interface MarkedLine extends CheckedLine {
  read: PageLine;
  edited: boolean;
}

export function usePageReader() {
  const [page, setPageState] = useState<HTMLCanvasElement | null>(null);
  const [mode, setModeState] = useState<ReadMode>('printed');
  const [status, setStatus] = useState<ReadStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [lines, setLines] = useState<PageLine[]>([]);
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [downloads, setDownloads] = useState<DownloadTracker>(() => new DownloadTracker());
  const run = useRef(0);

  /** Reads `target` as `how`; a reading started later wins over this one. */
  const read = useCallback((target: HTMLCanvasElement, how: ReadMode) => {
    const id = ++run.current;
    setStatus('loading');
    setError(null);
    setLines([]);
    setEdits({});
    void (async () => {
      try {
        let result: PageLine[];
        if (how === 'printed') {
          const tracker = new DownloadTracker();
          setDownloads(tracker);
          result = await readPrinted(target, (loaded, total) => {
            tracker.expect(total);
            if (total !== undefined && loaded >= total && run.current === id) setStatus('reading');
          });
          tracker.finish();
        } else {
          const tracker = handwritingDownloads();
          setDownloads(tracker);
          result = await readHandwritten(target, tracker);
        }
        if (run.current !== id) return;
        setLines(result);
        setStatus('done');
      } catch (e) {
        if (run.current !== id) return;
        setError(e instanceof Error ? e.message : String(e));
        setStatus('error');
      }
    })();
  }, []);

  /** A new page (with the mode it is written in, when known) is read at once. */
  const setPage = useCallback(
    (target: HTMLCanvasElement, how?: ReadMode) => {
      const chosen = how ?? mode;
      setPageState(target);
      setModeState(chosen);
      read(target, chosen);
    },
    [mode, read],
  );

  /** Another mode reads the page again. */
  const setMode = useCallback(
    (how: ReadMode) => {
      setModeState(how);
      if (page) read(page, how);
    },
    [page, read],
  );

  useEffect(
    () => () => {
      run.current++; // leaving the page drops a reading still under way
    },
    [],
  );

  const marked: MarkedLine[] = useMemo(
    () =>
      lines.map((line, i) => {
        const edit = edits[i];
        const edited = edit !== undefined && edit !== line.text;
        // A line the student typed is as sure as it gets.
        return { ...checkLine(edited ? edit : line.text, edited ? 1 : line.confidence), read: line, edited };
      }),
    [lines, edits],
  );

  const edit = useCallback((index: number, text: string) => setEdits((e) => ({ ...e, [index]: text })), []);

  return {
    page,
    setPage,
    mode,
    setMode,
    status,
    error,
    marked,
    summary: summarise(marked),
    edits,
    edit,
    downloads,
  };
}
