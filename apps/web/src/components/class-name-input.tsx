import { useState } from 'react';
import { Input, Tooltip } from 'antd';

export interface ClassNameInputProps {
  name: string;
  /** Why a draft name cannot be used (shown in a tooltip under the field), or null when it can. */
  problemText: (draft: string) => string | null;
  onRename: (name: string) => void;
  ariaLabel: string;
  className?: string;
  maxLength?: number;
}

/**
 * A trainer's class name, edited in place: edits stay local until Enter or leaving the field, and a name
 * that cannot be used (empty, too long, taken) is explained while typing and undone on leaving.
 */
export function ClassNameInput({
  name,
  problemText,
  onRename,
  ariaLabel,
  className,
  maxLength,
}: ClassNameInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const problem = draft === null ? null : problemText(draft);
  const commit = () => {
    if (draft !== null && problem === null) onRename(draft);
    setDraft(null);
  };
  return (
    <Tooltip open={problem !== null} title={problem} placement="bottomLeft">
      <Input
        className={className}
        variant="borderless"
        value={draft ?? name}
        status={problem ? 'error' : undefined}
        aria-label={ariaLabel}
        maxLength={maxLength}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={(e) => {
          commit();
          e.currentTarget.blur();
        }}
        onBlur={commit}
      />
    </Tooltip>
  );
}
