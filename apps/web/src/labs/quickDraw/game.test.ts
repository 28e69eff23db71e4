import { describe, expect, it } from 'vitest';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import {
  isGuessed,
  keyName,
  planGame,
  saidGuesses,
  saysSomethingNew,
  seedFromQuery,
  targetKey,
  type Target,
} from './game.ts';
import { ROUNDS, SCHOOL_ROUNDS_MAX } from './meta.ts';

const keys = (targets: Target[]) => targets.map(targetKey);

describe('planGame', () => {
  it('asks for six different things, the same ones for the same seed', () => {
    const game = planGame(42);
    expect(game).toHaveLength(ROUNDS);
    expect(new Set(keys(game)).size).toBe(ROUNDS);
    expect(keys(planGame(42))).toEqual(keys(game));
    expect(keys(planGame(43))).not.toEqual(keys(game));
    expect(game.every((t) => t.kind === 'category')).toBe(true);
  });

  it('never repeats a thing within a game, whatever the seed', () => {
    for (let seed = 0; seed < 200; seed++) {
      const game = keys(planGame(seed, ['robot', 'kite', 'dragon']));
      expect(new Set(game).size, `seed ${seed}`).toBe(ROUNDS);
    }
  });

  it('spreads its choices over all the categories', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 100; seed++) keys(planGame(seed)).forEach((k) => seen.add(k));
    expect(seen.size).toBe(DOODLE_CATEGORIES.length);
  });

  it("adds the school's own words, at most two a game", () => {
    const game = planGame(7, ['robot', 'kite', 'dragon']);
    const school = game.filter((t) => t.kind === 'school');
    expect(school).toHaveLength(SCHOOL_ROUNDS_MAX);
    expect(['robot', 'kite', 'dragon']).toEqual(expect.arrayContaining(keys(school)));
    expect(planGame(7, ['robot']).filter((t) => t.kind === 'school')).toEqual([
      { kind: 'school', label: 'robot' },
    ]);
    // The order the words come in does not change the game.
    expect(keys(planGame(7, ['dragon', 'robot', 'kite']))).toEqual(keys(game));
  });
});

describe('guesses', () => {
  const cat: Target = { kind: 'category', index: DOODLE_CATEGORIES.findIndex((c) => c.id === 'cat') };

  it('is guessed only when the best guess is the thing asked for', () => {
    expect(isGuessed([{ key: 'cat', probability: 0.4 }], cat)).toBe(true);
    expect(
      isGuessed(
        [
          { key: 'dog', probability: 0.5 },
          { key: 'cat', probability: 0.4 },
        ],
        cat,
      ),
    ).toBe(false);
    expect(isGuessed([], cat)).toBe(false);
    expect(isGuessed([{ key: 'robot', probability: 0.9 }], { kind: 'school', label: 'robot' })).toBe(true);
  });

  it('says the best guess and a second one only when it is likely enough', () => {
    expect(
      saidGuesses([
        { key: 'cat', probability: 0.5 },
        { key: 'sun', probability: 0.3 },
        { key: 'moon', probability: 0.1 },
      ]),
    ).toEqual(['cat', 'sun']);
    expect(
      saidGuesses([
        { key: 'cat', probability: 0.9 },
        { key: 'sun', probability: 0.05 },
      ]),
    ).toEqual(['cat']);
    expect(saysSomethingNew(['cat', 'sun'], ['cat', 'sun'])).toBe(false);
    expect(saysSomethingNew(['cat', 'sun'], ['sun', 'cat'])).toBe(true);
    expect(saysSomethingNew(['cat'], ['cat', 'sun'])).toBe(true);
  });

  it('names categories in the page language and school words as written', () => {
    expect(keyName('ice cream', 'zh-CN')).toBe('冰淇淋');
    expect(keyName('eyeglasses', 'en')).toBe('glasses');
    expect(keyName('robot dog', 'zh-CN')).toBe('robot dog');
  });

  it('reads a replayable seed from the address', () => {
    expect(seedFromQuery('?seed=1234')).toBe(1234);
    expect(seedFromQuery('?seed=abc')).toBeUndefined();
    expect(seedFromQuery('?seed=12345678')).toBeUndefined();
    expect(seedFromQuery('')).toBeUndefined();
  });
});
