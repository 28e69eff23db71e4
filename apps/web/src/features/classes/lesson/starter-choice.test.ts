import { describe, expect, it } from 'vitest';
import { starterOfChoice } from './starter-choice.ts';

describe('the lesson form’s starter choice', () => {
  it('reads none, a catalogue starter or one of the teacher’s projects', () => {
    expect(starterOfChoice('')).toBeNull();
    expect(starterOfChoice('catalogue:key-piano')).toEqual({ kind: 'catalogue', id: 'key-piano' });
    expect(starterOfChoice('project:42')).toEqual({ kind: 'project', id: 42 });
  });

  it('reads nothing else as a starter', () => {
    for (const choice of ['catalogue', 'catalogue:', 'project:4x', 'project:', 'film:1', 'key-piano']) {
      expect(starterOfChoice(choice), choice).toBeNull();
    }
  });
});
