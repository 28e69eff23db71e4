/** One printed figure of a lab benchmark (scripts/bench/labs/*), and the row a skipped browser run leaves. */
export interface Figure {
  label: string;
  value: number;
  unit: string;
  /** The target and ratio, what was measured and how. */
  note?: string;
}

/** The browser's figures, or one row under `label` saying why they were skipped (no build, no Chromium). */
export function browserFiguresOr(label: string, result: Figure[] | { skipped: string }): Figure[] {
  return 'skipped' in result ? [{ label, value: 0, unit: '-', note: `skipped: ${result.skipped}` }] : result;
}
