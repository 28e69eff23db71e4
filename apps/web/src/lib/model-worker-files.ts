/**
 * The worker's side of loading a tiny model (the poet, the painter): TF.js on its CPU backend with the
 * poet's fast kernels (no graphics card needed), and model.json + weights.bin fetched from our origin with
 * the download counted for the page's bar.
 */
import type * as tfjs from '@tensorflow/tfjs';
import { installPoetKernels } from '@ai-edu/ml/poet/fast-kernels.ts';
import { countingFetch, DownloadTracker } from './download-progress.ts';
import type { ModelLoadReply } from './model-worker-protocol.ts';

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A fetch that fails on an HTTP error, naming the file. */
export async function fetchOk(fetcher: typeof fetch, url: string): Promise<Response> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** Sets up TF.js and fetches the model's two files, telling the page how the download goes. */
export async function loadModelFiles(
  tf: typeof tfjs,
  base: string,
  expectedBytes: number | undefined,
  tell: (reply: ModelLoadReply<never>) => void,
): Promise<{ manifest: unknown; weights: ArrayBuffer }> {
  const downloads = new DownloadTracker(expectedBytes);
  downloads.subscribe(() => tell({ type: 'download', progress: downloads.snapshot() }));
  await tf.setBackend('cpu');
  installPoetKernels(tf);
  const fetcher = countingFetch(downloads);
  const [manifest, weights] = await Promise.all([
    fetchOk(fetcher, `${base}model.json`).then((r) => r.json() as Promise<unknown>),
    fetchOk(fetcher, `${base}weights.bin`).then((r) => r.arrayBuffer()),
  ]).finally(() => downloads.finish());
  return { manifest, weights };
}
