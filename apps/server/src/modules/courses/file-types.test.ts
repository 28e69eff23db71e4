import { describe, expect, it } from 'vitest';
import { cleanFilename } from './file-types.ts';

describe('cleanFilename', () => {
  it('keeps the last path part, without control characters or direction overrides (students see it)', () => {
    expect(cleanFilename('../../etc/notes.pdf')).toBe('notes.pdf');
    expect(cleanFilename('a\u0001b"c.pdf')).toBe('a_b_c.pdf');
    // Would read "notes_exe.pdf" on screen.
    expect(cleanFilename('notes_\u202efdp.exe')).toBe('notes_fdp.exe');
    expect(cleanFilename('\u2066\u2069')).toBe('file');
  });
});
