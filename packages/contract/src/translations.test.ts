import { describe, expect, it } from 'vitest';
import { translationsSchema } from './translations-schema.ts';
import { dropEditedTranslations, localized } from './translations.ts';

const course = {
  id: 'c1',
  title: '什么是人工智能？',
  description: '简介',
  translations: { en: { title: 'What is AI?', description: 'About' } },
};

describe('translations', () => {
  it('shows the copy for the UI language, the original otherwise', () => {
    expect(localized(course, 'en')).toMatchObject({ id: 'c1', title: 'What is AI?', description: 'About' });
    expect(localized(course, 'en-GB').title).toBe('What is AI?');
    expect(localized(course, 'zh-CN').title).toBe('什么是人工智能？');
    expect(localized({ title: 'Our own', translations: null }, 'en').title).toBe('Our own');
    // A missing or empty field falls back to the original.
    expect(localized({ title: 'T', body: 'B', translations: { en: { body: '' } } }, 'en').body).toBe('B');
  });

  it('drops only the copies of fields whose original changed', () => {
    const before = { title: 'a', description: 'b' };
    const copies = { en: { title: 'A', description: 'B' } };
    expect(dropEditedTranslations(copies, before, { title: 'x' })).toEqual({ en: { description: 'B' } });
    expect(dropEditedTranslations(copies, before, { title: 'a', description: undefined })).toEqual(copies);
    expect(dropEditedTranslations(copies, before, { title: 'x', description: 'y' })).toBeNull();
    expect(dropEditedTranslations(null, before, { title: 'x' })).toBeNull();
  });

  it('validates stored copies', () => {
    const schema = translationsSchema(['area', 'name']);
    expect(schema.safeParse({ en: { area: 'North' } }).success).toBe(true);
    expect(schema.safeParse({ en: { phone: '1' } }).success).toBe(false);
    expect(schema.safeParse({ fr: { area: 'Nord' } }).success).toBe(false);
  });
});
