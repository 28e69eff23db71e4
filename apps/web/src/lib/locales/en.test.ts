import { describe, expect, it } from 'vitest';
import { en } from './en.ts';

/** Every string under `node`, with its key path. */
function leaves(node: unknown, at: string): [string, string][] {
  if (typeof node === 'string') return [[at, node]];
  if (Array.isArray(node)) return node.flatMap((item, i) => leaves(item, `${at}.${i}`));
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([k, v]) => leaves(v, `${at}.${k}`));
  return [];
}

describe('the English catalogue', () => {
  it('starts the navbar, user menu and account badge labels with a capital letter', () => {
    // A placeholder ('{{count}} days left') may come first.
    const lowerCase = [...leaves(en.nav, 'nav'), ...leaves(en.account, 'account')].filter(
      ([, text]) => !/^(\{\{|[^a-z])/.test(text),
    );
    expect(lowerCase).toEqual([]);
  });
});
