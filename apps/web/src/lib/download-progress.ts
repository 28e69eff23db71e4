/**
 * Download progress of a lab's model files, counted in bytes as the response bodies are read (no second
 * download, no guessing from timers). Used on the page, and in a worker whose snapshots the page mirrors.
 *
 * What to count to: the files' uncompressed sizes when the build measured them (`modelBytes`, passed in as
 * `expected`), because a compressed response's Content-Length is not what the body reads as. Without them,
 * the sum of the Content-Lengths of uncompressed responses; else no total (the bar shows MB received).
 */

export interface DownloadProgress {
  /** Bytes of the bodies read so far (uncompressed: what fetch hands the page). */
  readonly received: number;
  /** Bytes to expect in all, when known. */
  readonly total: number | undefined;
  /** The load is over (finished or failed): nothing more to show. */
  readonly done: boolean;
}

/** What a progress bar reads: a tracker on this page, or a mirror of one in a worker. */
export interface DownloadSource {
  snapshot(): DownloadProgress;
  subscribe(listener: () => void): () => void;
}

const IDLE: DownloadProgress = { received: 0, total: undefined, done: false };

/** A snapshot store with listeners (what useSyncExternalStore reads). */
export class DownloadMirror implements DownloadSource {
  private current: DownloadProgress = IDLE;
  private readonly listeners = new Set<() => void>();

  snapshot(): DownloadProgress {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Replaces the snapshot (a worker's, posted to the page). */
  set(next: DownloadProgress): void {
    const prev = this.current;
    if (prev.received === next.received && prev.total === next.total && prev.done === next.done) return;
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}

interface FileCount {
  received: number;
  /** From Content-Length, only when the response is not compressed. */
  length: number | undefined;
}

/** Bytes a response's body will read as, if its headers say so (a compressed body reads longer). */
export function plainLength(headers: Headers): number | undefined {
  const encoding = headers.get('content-encoding');
  if (encoding && encoding !== 'identity') return undefined;
  const length = Number(headers.get('content-length') ?? NaN);
  return Number.isFinite(length) && length >= 0 ? length : undefined;
}

/** The sum of the sizes, or undefined when any is unknown (a partial total would make the bar lie). */
export function sumKnown(sizes: readonly (number | undefined)[]): number | undefined {
  let sum = 0;
  for (const size of sizes) {
    if (size === undefined) return undefined;
    sum += size;
  }
  return sizes.length ? sum : undefined;
}

/** Counts the bytes of the responses handed to `track`. */
export class DownloadTracker extends DownloadMirror {
  private readonly files: FileCount[] = [];
  private expected: number | undefined;
  private finished = false;

  constructor(expected?: number) {
    super();
    this.expected = expected;
  }

  /** The total to count to, once it is known (e.g. after the list of files is). */
  expect(total: number | undefined): void {
    this.expected = total;
    this.update();
  }

  /** A response whose body counts here as it is read (the same bytes, status and headers). */
  track(response: Response): Response {
    if (!response.ok || !response.body) return response;
    const file: FileCount = { received: 0, length: plainLength(response.headers) };
    this.files.push(file);
    this.update();
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        file.received += chunk.byteLength;
        this.update();
        controller.enqueue(chunk);
      },
    });
    const counted = new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // A constructed Response has no URL; loaders that resolve relative paths against it get the real one.
    Object.defineProperty(counted, 'url', { value: response.url });
    return counted;
  }

  /** The files are loaded (or failed): the bar goes. */
  finish(): void {
    this.finished = true;
    this.update();
  }

  private update(): void {
    const received = this.files.reduce((n, f) => n + f.received, 0);
    const total = this.expected ?? sumKnown(this.files.map((f) => f.length));
    this.set({ received, total, done: this.finished });
  }
}

/** `fetch` whose successful responses count in `tracker` (a loader's fetchFunc). */
export function countingFetch(tracker: DownloadTracker, fetcher: typeof fetch = fetch): typeof fetch {
  return async (input, init) => tracker.track(await fetcher(input, init));
}

/** Megabytes with one decimal, as the bar shows them: 12345678 → "12.3". */
export function formatMegabytes(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}

/** The bar's percentage (0–100; never 100 before the load is done), or undefined without a total. */
export function percentOf(progress: DownloadProgress): number | undefined {
  if (progress.total === undefined || progress.total <= 0) return undefined;
  return Math.min(99, Math.floor((progress.received / progress.total) * 100));
}

interface Observer {
  readonly prefix: string;
  readonly tracker: DownloadTracker;
}

const observers = new Set<Observer>();
let unhooked: typeof fetch | undefined;

function requestPath(input: RequestInfo | URL): string {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, globalThis.location?.href).pathname;
}

const hookedFetch: typeof fetch = async (input, init) => {
  const original = unhooked ?? fetch;
  const path = requestPath(input);
  const observer = [...observers].find((o) => path.startsWith(o.prefix));
  const response = await original(input, init);
  return observer ? observer.tracker.track(response) : response;
};

/**
 * Runs `load` with the page's fetches of URLs under `prefix` counted in `tracker`. For loaders that take no
 * fetch function of their own: @vladmandic/human fetches its models with the global `fetch` (its internal
 * fetchFunc). The hook is there only while such a load runs; other fetches pass through untouched.
 */
export async function observeFetches<T>(
  prefix: string,
  tracker: DownloadTracker,
  load: () => Promise<T>,
): Promise<T> {
  if (!unhooked) {
    unhooked = globalThis.fetch;
    globalThis.fetch = hookedFetch;
  }
  const observer = { prefix, tracker };
  observers.add(observer);
  try {
    return await load();
  } finally {
    observers.delete(observer);
    // Unhooked when the last load ends, unless someone wrapped fetch again since (theirs stays).
    if (observers.size === 0 && globalThis.fetch === hookedFetch && unhooked) {
      globalThis.fetch = unhooked;
      unhooked = undefined;
    }
  }
}
