import { describe, expect, it } from 'vitest';
import { contactSchema } from '@ai-edu/contract';
import { chunk, contactTitle, groupByArea } from './group-contacts.ts';

const c = (area: string, name: string) => contactSchema.parse({ area, region: 'r', name });

describe('contact list layout', () => {
  it('groups contacts by area in first-seen order', () => {
    const groups = groupByArea([c('North', 'a'), c('East', 'b'), c('North', 'c')]);
    expect(groups.map((g) => [g.area, g.contacts.map((x) => x.name)])).toEqual([
      ['North', ['a', 'c']],
      ['East', ['b']],
    ]);
  });

  it('puts two areas per row', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 2)).toEqual([]);
  });

  it('titles the modal with area and name, with a fallback', () => {
    expect(contactTitle(c('North', 'Wang'), 'contact')).toBe('North - Wang');
    expect(contactTitle(null, 'contact')).toBe('contact');
  });
});
