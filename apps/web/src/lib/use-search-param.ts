import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One parameter of the address (`?mode=tiny`) as page state: its value, and a setter that replaces the
 * history entry (a switch is not a page to go back to) and keeps the other parameters.
 */
export function useSearchParam(name: string): [string | null, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set(name, value);
          return copy;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}
