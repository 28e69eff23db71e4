import { describe, expect, it } from 'vitest';
import { expiryLevel, navItemsFor, selectedNavKey } from './nav-items.ts';

describe('top bar selection', () => {
  it('selects the section a path belongs to', () => {
    expect(selectedNavKey('/')).toBe('/');
    expect(selectedNavKey('/course')).toBe('/course');
    expect(selectedNavKey('/course/7')).toBe('/course');
    expect(selectedNavKey('/ailab/aiChat')).toBe('/ailab');
    expect(selectedNavKey('/class')).toBe('/class');
    expect(selectedNavKey('/make')).toBe('/make');
    expect(selectedNavKey('/courses')).toBe('');
    expect(selectedNavKey('/setting')).toBe('');
  });
});

describe('top bar items', () => {
  it('shows Class to vip 2 only', () => {
    const labels = (vip: number | undefined) => navItemsFor(vip).map((i) => i.label);
    expect(labels(2)).toContain('nav.class');
    for (const vip of [0, 1, undefined]) {
      expect(labels(vip)).toEqual(['nav.home', 'nav.aiLab', 'nav.courses', 'nav.embodiment', 'nav.make']);
    }
  });

  it('warns when an authorization is about to end', () => {
    expect(expiryLevel(365)).toBe('ok');
    expect(expiryLevel(31)).toBe('ok');
    expect(expiryLevel(30)).toBe('soon');
    expect(expiryLevel(1)).toBe('soon');
    expect(expiryLevel(0)).toBe('expired');
  });
});
