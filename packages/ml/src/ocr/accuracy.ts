/** Character accuracy of a reading: 1 − edit distance ÷ length of the truth (never below 0). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[y.length]!;
}

export function characterAccuracy(truth: string, read: string): number {
  const length = [...truth].length;
  if (length === 0) return read.length === 0 ? 1 : 0;
  return Math.max(0, 1 - editDistance(truth, read) / length);
}
