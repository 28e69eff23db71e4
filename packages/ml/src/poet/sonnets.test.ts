import { describe, expect, it } from 'vitest';
import { SONNET_NET, SONNET_TRAINING, readSonnets, sonnetCorpus } from './sonnets-node.ts';
import { makeVocab } from './vocab.ts';

describe('the English poet’s sonnets', () => {
  it('reads all 154 of Shakespeare’s sonnets from the package, line by line', () => {
    const sonnets = readSonnets();
    expect(sonnets).toHaveLength(154);
    expect(sonnets[17]!.lines[0]).toBe("Shall I compare thee to a summer's day?");
    expect(sonnets.every((s) => s.lines.length >= 12 && s.lines.length <= 15)).toBe(true);
  });

  it('holds whole sonnets out, fits every line in the window, and knows every letter', () => {
    const { alphabet, heldOut, train } = sonnetCorpus();
    const sonnets = readSonnets();
    const all = sonnets.flatMap((s) => s.lines);
    expect(heldOut.length + train.length).toBe(all.length);
    const heldOutSonnets = sonnets.filter((s) => s.lines.every((line) => heldOut.includes(line)));
    expect(heldOutSonnets).toHaveLength(SONNET_TRAINING.heldOutSonnets);
    expect(train.some((line) => heldOut.includes(line))).toBe(false);
    // START, the line and END fit the poet's window.
    expect(Math.max(...all.map((line) => line.length)) + 2).toBeLessThanOrEqual(SONNET_NET.context);
    const vocab = makeVocab(alphabet);
    expect(all.every((line) => [...line].every((c) => vocab.knows(c)))).toBe(true);
    expect(vocab.knows('Q') && vocab.knows('z')).toBe(true);
    // Seeded: the same split every time.
    expect(sonnetCorpus().heldOut).toEqual(heldOut);
  });
});
