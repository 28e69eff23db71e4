import { describe, expect, it } from 'vitest';
import { teacherCanSee } from './teacher-can-see.ts';

describe('teacherCanSee', () => {
  it('lists each reviewed lab as chat or painting, the credits, the word list and the labs opened', () => {
    expect(
      teacherCanSee({
        labs: ['aiChat', 'textToImage', 'writingPredict'],
        retentionDays: 180,
        wordList: true,
      }),
    ).toEqual([
      { key: 'privacy.chat', lab: 'aiChat' },
      { key: 'privacy.painting', lab: 'textToImage' },
      { key: 'privacy.painting', lab: 'writingPredict' },
      { key: 'privacy.credits' },
      { key: 'privacy.wordList' },
      { key: 'privacy.labs' },
    ]);
  });

  it('says nothing of a word list the school does not have', () => {
    expect(teacherCanSee({ labs: ['aiChat'], retentionDays: 30, wordList: false })).toEqual([
      { key: 'privacy.chat', lab: 'aiChat' },
      { key: 'privacy.credits' },
      { key: 'privacy.labs' },
    ]);
  });
});
