import { useId } from 'react';

/** The credit (points) coin shown next to balances and costs. Decorative: the number carries the meaning. */
export function CreditIcon({ size = 16, className }: { size?: number; className?: string }) {
  // Several coins share a page: each needs its own gradient id.
  const gradient = `credit-coin-${useId().replace(/:/g, '')}`;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none', verticalAlign: '-0.2em' }}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd666" />
          <stop offset="1" stopColor="#faad14" />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="11" fill={`url(#${gradient})`} />
      <circle cx="12" cy="12" r="8" fill="none" stroke="#fff7e0" strokeWidth="1.5" opacity="0.9" />
      <path
        d="M12 6.8l1.55 3.14 3.46.5-2.5 2.44.59 3.45L12 14.7l-3.1 1.63.59-3.45-2.5-2.44 3.46-.5z"
        fill="#fff"
      />
    </svg>
  );
}
