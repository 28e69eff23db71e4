/** The digit pack (training tab and MNIST samples), fetched once per page load from our own origin. */
import { decodePack, type DigitPack } from '@ai-edu/ml/digits/dataset.ts';
import { countingFetch, DownloadTracker } from '../../lib/download-progress.ts';
import { PACK_BYTES, PACK_URL } from './meta.ts';

/** The gzip magic number: our server sends the pack as stored; a dev server may already have inflated it. */
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

let packPromise: Promise<DigitPack> | undefined;
let packDownloads = new DownloadTracker(PACK_BYTES);

/** The pack's download (for a progress bar while the training tab waits for it). */
export function packDownloadProgress(): DownloadTracker {
  return packDownloads;
}

/** The pack's digits; a failed fetch is tried again on the next call. */
export function loadPack(): Promise<DigitPack> {
  packPromise ??= (async () => {
    const res = await countingFetch(packDownloads)(PACK_URL);
    if (!res.ok) throw new Error(`digit pack: HTTP ${res.status}`);
    return decodePack(await inflate(new Uint8Array(await res.arrayBuffer())));
  })();
  packPromise.then(
    () => packDownloads.finish(),
    () => {
      packDownloads.finish();
      packDownloads = new DownloadTracker(PACK_BYTES);
      packPromise = undefined;
    },
  );
  return packPromise;
}
