/**
 * Runs `work` in batches until `seconds` have passed; returns work units per second. Shared by the lab
 * benchmarks that time pure model code in Node (`work` gets the running index of the unit).
 */
export function rate(seconds: number, batch: number, work: (i: number) => void): number {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let done = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < batch; i++) work(done + i);
    done += batch;
  }
  return done / ((performance.now() - start) / 1000);
}
