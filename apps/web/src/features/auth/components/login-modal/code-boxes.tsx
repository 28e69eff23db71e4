import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Input, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyBackspace, applyInput, applyPaste, emptyCells, type BoxesChange } from './code-boxes-logic.ts';

interface CodeBoxesProps {
  /** Called once with the six digits when the last box gets filled (by typing or by a paste). */
  onComplete: (code: string) => void;
  disabled?: boolean;
  error?: boolean;
}

/**
 * Six one-digit boxes; remount (change `key`) to empty them. antd's Input.OTP accepts any character and does not take the digits out of a pasted
 * sentence, so the spec's rules live in `code-boxes-logic.ts` and this component only wires events.
 */
export function CodeBoxes({ onComplete, disabled = false, error = false }: CodeBoxesProps) {
  const { t } = useTranslation();
  const [cells, setCells] = useState(emptyCells);
  const refs = useRef<(InputRef | null)[]>([]);

  useEffect(() => {
    if (disabled) return;
    const firstEmpty = cells.findIndex((c) => c === '');
    refs.current[firstEmpty === -1 ? 0 : firstEmpty]?.focus();
    // Focus only when the boxes appear or are re-enabled, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [disabled]);

  const apply = (change: BoxesChange | null) => {
    if (!change) return;
    setCells(change.cells);
    refs.current[change.focus]?.focus();
    if (change.complete) onComplete(change.cells.join(''));
  };

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      const change = applyBackspace(cells, index);
      if (change) {
        e.preventDefault();
        apply(change);
      }
    } else if (e.key === 'ArrowLeft' && index > 0) {
      e.preventDefault();
      refs.current[index - 1]?.focus();
    } else if (e.key === 'ArrowRight' && index < cells.length - 1) {
      e.preventDefault();
      refs.current[index + 1]?.focus();
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    apply(applyPaste(cells, e.clipboardData.getData('text')));
  };

  return (
    <div className="code-boxes" role="group" aria-label={t('auth.codeBoxes')}>
      {cells.map((cell, index) => (
        <Input
          // The boxes never reorder, so the index is a stable identity.
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          className="code-box"
          size="large"
          value={cell}
          disabled={disabled}
          status={error ? 'error' : undefined}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('auth.codeBox', { index: index + 1 })}
          onFocus={(e) => e.target.select()}
          onChange={(e) => apply(applyInput(cells, index, e.target.value))}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste}
        />
      ))}
    </div>
  );
}
