/**
 * The tiny poet's two models: one trained on classical Chinese quatrains (`npm run train:poet`), one on the
 * lines of Shakespeare's sonnets (`npm run train:poet -- --corpus en`). The page switches between them.
 */
export type PoetCorpusId = 'zh' | 'en';

export const POET_CORPORA: Record<
  PoetCorpusId,
  {
    /** The folder of its model files (the build's model assets). */
    source: string;
    /** Starts to try with one click. */
    examples: readonly string[];
    /** Characters per training piece on average, for "how the big ones differ". */
    charsPerPiece: number;
    /**
     * A run this long shared with a training piece counts as remembered: a whole Chinese line and its
     * comma; in English, letters, about half a line (a few common words in a row are not copying).
     */
    copiedRun: number;
  }
> = {
  zh: {
    source: '/models/poet/',
    examples: ['春风', '明月', '白日依山尽，', '大漠孤烟直，'],
    charsPerPiece: 28,
    copiedRun: 6,
  },
  en: {
    source: '/models/poet-en/',
    examples: ['Shall I', 'My love', 'When in the', 'The sun'],
    charsPerPiece: 43,
    copiedRun: 20,
  },
};

/** The corpus asked for in the address (`?poet=en`); Chinese otherwise. */
export const poetCorpusOf = (asked: string | null): PoetCorpusId => (asked === 'en' ? 'en' : 'zh');
