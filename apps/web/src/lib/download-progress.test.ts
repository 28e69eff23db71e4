import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DownloadTracker,
  countingFetch,
  formatMegabytes,
  observeFetches,
  percentOf,
  plainLength,
  sumKnown,
} from './download-progress.ts';

/** A response whose body arrives in the given chunks. */
function chunked(chunks: number[], headers: Record<string, string> = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const n of chunks) controller.enqueue(new Uint8Array(n));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

describe('download progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts body bytes as they are read, to the expected total', async () => {
    const tracker = new DownloadTracker(3_000_000);
    const seen: number[] = [];
    tracker.subscribe(() => seen.push(tracker.snapshot().received));
    const response = tracker.track(chunked([1_000_000, 500_000]));
    expect(tracker.snapshot()).toEqual({ received: 0, total: 3_000_000, done: false });
    const body = await response.arrayBuffer();
    expect(body.byteLength).toBe(1_500_000);
    expect(seen).toContain(1_000_000);
    expect(tracker.snapshot().received).toBe(1_500_000);
    expect(percentOf(tracker.snapshot())).toBe(50);
    tracker.finish();
    expect(tracker.snapshot().done).toBe(true);
  });

  it('without measured sizes, totals the Content-Lengths of uncompressed responses only', async () => {
    const plain = new DownloadTracker();
    await plain.track(chunked([10], { 'content-length': '10' })).arrayBuffer();
    await plain.track(chunked([30], { 'content-length': '30' })).arrayBuffer();
    expect(plain.snapshot()).toMatchObject({ received: 40, total: 40 });

    // A compressed body reads longer than its Content-Length: no total, MB received only.
    const compressed = new DownloadTracker();
    await compressed.track(chunked([10], { 'content-length': '10' })).arrayBuffer();
    await compressed.track(chunked([50], { 'content-length': '20', 'content-encoding': 'br' })).arrayBuffer();
    expect(compressed.snapshot()).toMatchObject({ received: 60, total: undefined });
    expect(percentOf(compressed.snapshot())).toBeUndefined();
  });

  it('leaves failed responses alone and keeps status, headers and URL of counted ones', async () => {
    const tracker = new DownloadTracker();
    const missing = new Response('nope', { status: 404 });
    expect(tracker.track(missing)).toBe(missing);
    const fetcher = vi.fn(async () => {
      const response = chunked([4], { 'content-type': 'application/json' });
      Object.defineProperty(response, 'url', { value: 'http://localhost/vision/models/a.json' });
      return response;
    });
    const counted = await countingFetch(tracker, fetcher)('/vision/models/a.json');
    expect(counted.status).toBe(200);
    expect(counted.headers.get('content-type')).toBe('application/json');
    expect(counted.url).toBe('http://localhost/vision/models/a.json');
    await counted.arrayBuffer();
    expect(tracker.snapshot().received).toBe(4);
  });

  it('observes the global fetch under a prefix only while a load runs', async () => {
    const original = vi.fn(async () => chunked([7]));
    vi.stubGlobal('fetch', original);
    vi.stubGlobal('location', { href: 'http://localhost/ailab/faceAnalyze' });
    const tracker = new DownloadTracker();
    await observeFetches('/vision/models/', tracker, async () => {
      await (await fetch('/vision/models/blazeface.bin')).arrayBuffer();
      await (await fetch('/api/other')).arrayBuffer();
    });
    expect(tracker.snapshot().received).toBe(7);
    expect(globalThis.fetch).toBe(original);
    expect(original).toHaveBeenCalledTimes(2);
  });

  it('formats megabytes and sums only fully known sizes', () => {
    expect(formatMegabytes(12_345_678)).toBe('12.3');
    expect(formatMegabytes(0)).toBe('0.0');
    expect(sumKnown([1, 2, 3])).toBe(6);
    expect(sumKnown([1, undefined])).toBeUndefined();
    expect(sumKnown([])).toBeUndefined();
    expect(plainLength(new Headers({ 'content-length': '5', 'content-encoding': 'identity' }))).toBe(5);
    expect(percentOf({ received: 10, total: 10, done: false })).toBe(99);
  });
});
