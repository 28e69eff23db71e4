/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    /** Replaces `[<id>]` in the body with a fresh id per request. */
    idReplacement?: boolean;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Load-generator threads; the server under test keeps the main thread to itself. */
    workers?: number;
    warmup?: { duration: number; connections?: number };
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  interface Result {
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
