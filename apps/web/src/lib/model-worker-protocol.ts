/**
 * The loading part of a tiny model's worker protocol (the poet, the painter): the page's first message says
 * where the files are; the worker tells the download's progress, then that the model is ready (with what the
 * page shows of it) or why it could not load. Types only: both the page and the worker import it.
 */
import type { DownloadProgress } from './download-progress.ts';

export interface ModelLoadRequest {
  type: 'load';
  /** The folder of model.json and weights.bin, with a trailing slash. */
  base: string;
  /** Their bytes together, from the build's asset list (undefined: not known, the bar counts up). */
  expectedBytes: number | undefined;
}

export type ModelLoadReply<Info> =
  | { type: 'download'; progress: DownloadProgress }
  | { type: 'ready'; info: Info }
  | { type: 'loadFailed'; message: string };
