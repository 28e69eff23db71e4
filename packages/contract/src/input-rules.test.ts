import { describe, expect, it } from 'vitest';
import { bulkStudentsSchema, classInputSchema } from './classes.ts';
import { contactSchema } from './contacts.ts';
import { courseInputSchema, sessionInputSchema } from './courses.ts';
import { chatRequestSchema } from './ai.ts';
import { findNul } from './input-rules.ts';
import { serverMessages } from './messages.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the NUL rule', () => {
  it('finds a NUL in values and keys at any depth, as a dotted path', () => {
    expect(findNul({ a: 'x', b: [{ c: 'ok' }, { c: 'n\u0000' }] }, 'body')).toBe('body.b.1.c');
    expect(findNul({ 'k\u0000': 1 }, 'body')).toBe('body.k\\u0000');
    expect(findNul('\u0000')).toBe('(value)');
    expect(findNul({ a: 'clean', n: 1, f: null, buf: Buffer.from([0]) })).toBeNull();
  });

  it('walks a deeply nested input without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep, 'body')).toMatch(/^body(\.0)+$/);
  });

  it('is part of the text fields, with the catalogue message', () => {
    const chat = chatRequestSchema.safeParse({ messages: [{ role: 'user', content: 'a\u0000' }] });
    expect(messagesOf(chat)).toEqual([serverMessages.nulCharacter.en]);
    expect(messagesOf(courseInputSchema.safeParse({ title: 'x', description: '\u0000' }))).toEqual([
      serverMessages.nulCharacter.en,
    ]);
  });
});

describe('display names', () => {
  const overrides = [
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ];

  it('refuse every bidirectional override and isolate in class, student and course names', () => {
    for (const c of overrides) {
      const name = `Class${c}5`;
      expect(messagesOf(classInputSchema.safeParse({ name, schoolCode: 'lake' }))).toContain(
        serverMessages.bidiControl.en,
      );
      expect(messagesOf(bulkStudentsSchema.safeParse({ names: [`tom${c}`] }))).toContain(
        serverMessages.bidiControl.en,
      );
      expect(messagesOf(courseInputSchema.safeParse({ title: name }))).toContain(
        serverMessages.bidiControl.en,
      );
      expect(messagesOf(sessionInputSchema.safeParse({ title: name }))).toContain(
        serverMessages.bidiControl.en,
      );
    }
  });

  it('keep ordinary names in any script, including right-to-left ones', () => {
    expect(classInputSchema.safeParse({ name: '五年级 2 班', schoolCode: 'lake' }).success).toBe(true);
    expect(courseInputSchema.safeParse({ title: 'مقدمة في الذكاء' }).success).toBe(true);
    expect(bulkStudentsSchema.safeParse({ names: ['小明', 'Amy'] }).success).toBe(true);
  });
});

describe("a contact's url", () => {
  const withUrl = (url: string) => contactSchema.safeParse({ area: 'East', region: 'HZ', name: 'Mei', url });

  it('refuses protocol-relative addresses, which lead to another site', () => {
    for (const url of ['//evil.example/qr.png', '/\\evil.example/qr.png', ' //evil.example']) {
      expect(withUrl(url).success, url).toBe(false);
    }
  });

  it('keeps paths on this site, data:image URLs and no url', () => {
    for (const url of ['/contacts/qr.png', '/qr.png', 'data:image/png;base64,AAAA', '']) {
      expect(withUrl(url).success, url).toBe(true);
    }
    expect(withUrl('https://example.com/qr.png').success).toBe(false);
  });
});
