import type { ClassSummary } from '@ai-edu/contract';

/** `/class?class=<id>`: the class shown. */
export const CLASS_PARAM = 'class';

/**
 * Which class to show: the one in the address, else the one chosen earlier in this tab, else the only one.
 * `missing` when the address names a class the teacher does not have.
 */
export function pickClass(
  list: ClassSummary[] | undefined,
  fromAddress: string | null,
  fromStore: string | null,
): { selected: ClassSummary | undefined; missing: boolean } {
  if (!list) return { selected: undefined, missing: false };
  if (fromAddress) {
    const named = list.find((c) => c.id === fromAddress);
    return { selected: named, missing: !named };
  }
  const selected = list.find((c) => c.id === fromStore) ?? (list.length === 1 ? list[0] : undefined);
  return { selected, missing: false };
}
