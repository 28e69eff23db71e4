import { describe, expect, it } from 'vitest';
import { actionForKey } from './shortcuts.ts';

describe('actionForKey', () => {
  it('maps digits to classes that exist', () => {
    expect(actionForKey({ key: '1' }, 3)).toEqual({ type: 'class', index: 0 });
    expect(actionForKey({ key: '3' }, 3)).toEqual({ type: 'class', index: 2 });
    expect(actionForKey({ key: '4' }, 3)).toBeNull();
  });
  it('maps navigation, delete and escape', () => {
    expect(actionForKey({ key: 'n' }, 1)).toEqual({ type: 'next' });
    expect(actionForKey({ key: 'ArrowRight' }, 1)).toEqual({ type: 'next' });
    expect(actionForKey({ key: 'P' }, 1)).toEqual({ type: 'previous' });
    expect(actionForKey({ key: 'Backspace' }, 1)).toEqual({ type: 'delete' });
    expect(actionForKey({ key: 'Delete' }, 1)).toEqual({ type: 'delete' });
    expect(actionForKey({ key: 'Escape' }, 1)).toEqual({ type: 'deselect' });
    expect(actionForKey({ key: '+' }, 1)).toEqual({ type: 'zoomIn' });
    expect(actionForKey({ key: '0' }, 1)).toEqual({ type: 'fit' });
  });
  it('leaves shortcuts with modifiers and keys typed into fields alone', () => {
    expect(actionForKey({ key: 'n', ctrlKey: true }, 1)).toBeNull();
    expect(actionForKey({ key: 'n', target: { tagName: 'INPUT' } as unknown as EventTarget }, 1)).toBeNull();
    expect(actionForKey({ key: 'x' }, 1)).toBeNull();
  });
});
