export interface ProbabilityBarsProps {
  /** Ten probabilities (digits 0–9), or null before anything was written. */
  probabilities: readonly number[] | null;
  label: string;
  /** Accessible text of one bar. */
  barLabel: (digit: number, percent: string) => string;
  formatPercent: (value: number) => string;
}

/** A bar per digit, 0 to 9, as tall as its probability; the most probable one stands out. */
export function ProbabilityBars({ probabilities, label, barLabel, formatPercent }: ProbabilityBarsProps) {
  const best = probabilities ? probabilities.indexOf(Math.max(...probabilities)) : -1;
  return (
    <ol className="np-bars" aria-label={label}>
      {Array.from({ length: 10 }, (_, digit) => {
        const p = probabilities?.[digit] ?? 0;
        const percent = formatPercent(p);
        return (
          <li
            key={digit}
            className={digit === best ? 'np-bar np-bar-best' : 'np-bar'}
            aria-label={probabilities ? barLabel(digit, percent) : String(digit)}
          >
            <span className="np-bar-value" aria-hidden>
              {probabilities ? percent : ''}
            </span>
            <span className="np-bar-track" aria-hidden>
              <span className="np-bar-fill" style={{ height: `${Math.max(p * 100, p > 0 ? 1.5 : 0)}%` }} />
            </span>
            <span className="np-bar-digit" aria-hidden>
              {digit}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
