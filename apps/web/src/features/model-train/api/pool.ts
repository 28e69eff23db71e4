/** Runs `work` over `items` with at most `concurrency` at a time; results keep the items' order. */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      if (signal?.aborted) return;
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  }
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, () => lane());
  await Promise.all(lanes);
  return results;
}
