import { describe, expect, it } from 'vitest';
import { chooseSoundModel, HeardWords, hearingNeedsIn } from './hearing.ts';

const hat = (word: string, next?: Record<string, unknown>) => ({
  type: 'ai_when_hear_word',
  fields: { WORD: word },
  ...(next ? { next: { block: next } } : {}),
});

describe('hearingNeedsIn', () => {
  it('finds the hats’ words, each once and trimmed, and whether anything listens', () => {
    const workspace = {
      blocks: {
        languageVersion: 0,
        blocks: [hat('on'), hat(' off '), hat('on'), hat('  ')],
      },
    };
    expect(hearingNeedsIn(workspace)).toEqual({ listens: true, words: ['on', 'off'] });
  });

  it('listens for the heard-word reporter alone, deep in a script, without words', () => {
    const say = {
      type: 'sprite_say',
      inputs: { TEXT: { block: { type: 'ai_heard_word' } } },
    };
    const workspace = { blocks: { blocks: [{ type: 'event_when_run', next: { block: say } }] } };
    expect(hearingNeedsIn(workspace)).toEqual({ listens: true, words: [] });
  });

  it('listens for the confidence reporter alone too', () => {
    const workspace = {
      blocks: {
        blocks: [{ type: 'text_print', inputs: { TEXT: { block: { type: 'ai_heard_confidence' } } } }],
      },
    };
    expect(hearingNeedsIn(workspace)).toEqual({ listens: true, words: [] });
  });

  it('does not listen without hearing blocks', () => {
    expect(hearingNeedsIn({ blocks: { blocks: [{ type: 'event_when_run' }] } }).listens).toBe(false);
  });
});

describe('chooseSoundModel', () => {
  const older = { id: 'a', name: 'Lights', labels: ['on', 'off'] };
  const newer = { id: 'b', name: 'Pets', labels: ['dog', 'on'] };

  it('takes the model that knows the most words, the newest on a tie, and names the words it lacks', () => {
    expect(chooseSoundModel([newer, older], ['on', 'off'])).toEqual({ model: older, unknownWords: [] });
    expect(chooseSoundModel([newer, older], ['on'])).toEqual({ model: newer, unknownWords: [] });
    expect(chooseSoundModel([newer, older], ['dog', 'off', 'cat'])).toEqual({
      model: newer,
      unknownWords: ['off', 'cat'],
    });
  });

  it('takes the newest for the reporter alone, and none when no model knows a word', () => {
    expect(chooseSoundModel([newer, older], [])?.model).toBe(newer);
    expect(chooseSoundModel([newer, older], ['cat'])).toBeNull();
    expect(chooseSoundModel([], [])).toBeNull();
  });
});

describe('HeardWords', () => {
  it('hears a sure word once while it lasts, again after something else, never background or unsure', () => {
    const heard = new HeardWords(['on', 'off']);
    expect(heard.last).toBe('');
    expect(heard.lastPercent).toBe(0);
    expect(heard.update('on', 0.9)).toBe('on');
    expect(heard.update('on', 0.95)).toBeNull();
    expect(heard.update('background', 0.99)).toBeNull();
    expect(heard.update('on', 0.8)).toBe('on');
    expect(heard.lastPercent).toBe(80);
    expect(heard.update('off', 0.5)).toBeNull();
    expect(heard.last).toBe('on');
    // An unsure guess is no word heard: the confidence stays the last word's.
    expect(heard.lastPercent).toBe(80);
    expect(heard.update('off', 0.7)).toBe('off');
    expect(heard.update('on', 0.7)).toBe('on');
    expect(heard.last).toBe('on');
  });
});
