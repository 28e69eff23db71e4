/** Reading a feature's text catalogue in tests: every text by its key path, and the placeholders it names. */

export type Catalogue = { [key: string]: string | Catalogue };

/** Every text of `tree` by its dotted key path (`save.failed`). */
export function catalogueLeaves(tree: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of catalogueLeaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** The i18next placeholders (`{{name}}`) a text uses, sorted. */
export const placeholdersOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
