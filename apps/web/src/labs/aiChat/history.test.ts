import { describe, expect, it } from 'vitest';
import {
  canRetry,
  historyFor,
  lastUserTurn,
  problemKindOf,
  MAX_CONTENT,
  MAX_HISTORY,
  newRequestKey,
  type ChatTurn,
} from './history.ts';

const user = (content: string, id = content): ChatTurn => ({ id, role: 'user', content });
const reply = (content: string, state: ChatTurn['state'] = 'done'): ChatTurn => ({
  id: `r-${content}`,
  role: 'assistant',
  content,
  state,
});

describe('historyFor', () => {
  it('sends user messages and replies with text, leaving out failed empty replies', () => {
    const turns = [user('q1'), reply(''), user('q1 again'), reply('partial', 'stopped'), user('q2')];
    expect(historyFor(turns)).toEqual([
      { role: 'user', content: 'q1' },
      { role: 'user', content: 'q1 again' },
      { role: 'assistant', content: 'partial' },
      { role: 'user', content: 'q2' },
    ]);
  });

  it('leaves out a question the server refused before answering (a blocked word, no credits)', () => {
    const refused = (kind: 'generic' | 'credits' | 'provider'): ChatTurn => ({
      id: `r-${kind}`,
      role: 'assistant',
      content: '',
      state: 'error',
      problem: { kind, message: 'refused' },
    });
    const turns = [
      user('bad word'),
      refused('generic'),
      user('no credits'),
      refused('credits'),
      user('provider failed'),
      refused('provider'),
      user('q'),
    ];
    expect(historyFor(turns)).toEqual([
      { role: 'user', content: 'provider failed' },
      { role: 'user', content: 'q' },
    ]);
  });

  it('keeps the most recent messages, starting with a user message', () => {
    const turns: ChatTurn[] = [];
    for (let i = 0; i < 30; i++) turns.push(user(`q${i}`), reply(`a${i}`));
    turns.push(user('last'));
    const history = historyFor(turns);
    expect(history.length).toBeLessThanOrEqual(MAX_HISTORY);
    expect(history[0]?.role).toBe('user');
    expect(history.at(-1)).toEqual({ role: 'user', content: 'last' });
  });

  it('cuts very long texts to what the server accepts', () => {
    const history = historyFor([user('x'.repeat(MAX_CONTENT + 10))]);
    expect(history[0]?.content).toHaveLength(MAX_CONTENT);
  });
});

describe('request keys and turns', () => {
  it('makes distinct keys the server accepts', () => {
    const a = newRequestKey();
    expect(a).toMatch(/^[\w.:-]{8,100}$/);
    expect(newRequestKey()).not.toBe(a);
  });

  it('finds the last user turn', () => {
    expect(lastUserTurn([user('a'), reply('b'), user('c'), reply('')])?.content).toBe('c');
    expect(lastUserTurn([])).toBeUndefined();
  });
});

describe('failures', () => {
  it('maps refusals to what the user is told', () => {
    expect([503, 402, 429, 403, 401, 409, 400].map(problemKindOf)).toEqual([
      'notConfigured',
      'credits',
      'limit',
      'denied',
      'session',
      'busy',
      'generic',
    ]);
  });

  it('offers a retry only for uncharged replies that another try can fix', () => {
    const failed = (kind: Parameters<typeof problemKindOf>[0], charged = false): ChatTurn => ({
      ...reply('', 'error'),
      charged,
      problem: { kind: problemKindOf(kind), message: '' },
    });
    expect(canRetry(failed(429))).toBe(true);
    expect(canRetry(failed(402))).toBe(true);
    expect(canRetry(failed(503))).toBe(false);
    expect(canRetry(failed(403))).toBe(false);
    expect(canRetry({ ...reply('part', 'error'), charged: true })).toBe(false);
    expect(canRetry(reply('', 'stopped'))).toBe(true);
    expect(canRetry(reply('ok'))).toBe(false);
  });
});
