import type { ReactNode } from 'react';
import './choice-buttons.css';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
  /** The label's language, where it differs from the page's (the language switch names each in itself). */
  lang?: string;
}

interface ChoiceButtonsProps<T extends string> {
  value: T;
  options: readonly Choice<T>[];
  onChange: (value: T) => void;
  'aria-label': string;
  className?: string;
  size?: 'small' | 'middle';
}

/**
 * One of a few choices as toggle buttons, drawn like antd's Segmented. Used where the first page needs it (the
 * language switch, the lab categories): Segmented brings antd's tooltip and popup code (~12 KB gzip) along,
 * because its items may have tooltips.
 */
export function ChoiceButtons<T extends string>({
  value,
  options,
  onChange,
  className,
  size = 'middle',
  'aria-label': ariaLabel,
}: ChoiceButtonsProps<T>) {
  return (
    <span
      className={['choice-buttons', `choice-buttons-${size}`, className].filter(Boolean).join(' ')}
      role="group"
      aria-label={ariaLabel}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          className={option.value === value ? 'choice-button choice-button-selected' : 'choice-button'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.icon}
          <span>{option.label}</span>
        </button>
      ))}
    </span>
  );
}
