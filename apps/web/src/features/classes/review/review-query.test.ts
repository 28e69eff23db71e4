import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, hasFilters, reviewParams, withParams } from './review-query.ts';

describe('review query string', () => {
  it('sends only the chosen filters, flagged only when on, and the page when asked', () => {
    expect(reviewParams({}).toString()).toBe('');
    expect(reviewParams({ q: '   ', flaggedOnly: false, student: '' }).toString()).toBe('');
    const params = reviewParams(
      {
        student: '0b6f3c1e-0000-4000-8000-000000000001',
        lab: 'aiChat',
        from: '2026-11-01',
        to: '2026-11-25',
        q: ' cat & dog ',
        status: 'blocked',
        flaggedOnly: true,
      },
      { page: 3, pageSize: 50 },
    );
    expect(Object.fromEntries(params)).toEqual({
      student: '0b6f3c1e-0000-4000-8000-000000000001',
      lab: 'aiChat',
      from: '2026-11-01',
      to: '2026-11-25',
      q: 'cat & dog',
      status: 'blocked',
      flagged: 'true',
      page: '3',
      pageSize: '50',
    });
    expect(params.toString()).toContain('q=cat+%26+dog');
  });

  it('builds paths without a dangling question mark', () => {
    expect(withParams('/api/classes/x/ai-use.csv', reviewParams({}))).toBe('/api/classes/x/ai-use.csv');
    expect(withParams('/a', reviewParams({ lab: 'textToImage' }))).toBe('/a?lab=textToImage');
  });

  it('knows when any filter is set', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ flaggedOnly: false, q: ' ' })).toBe(false);
    expect(hasFilters({ flaggedOnly: true })).toBe(true);
  });
});

describe('CSV file name', () => {
  it('prefers the UTF-8 name, then the quoted or bare one, else the fallback', () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="ai-use.csv"; filename*=UTF-8''%E4%B8%89%E5%B9%B4%E7%BA%A7-ai-use.csv`,
        'x.csv',
      ),
    ).toBe('三年级-ai-use.csv');
    expect(filenameFromDisposition('attachment; filename="class \\"A\\".csv"', 'x.csv')).toBe(
      'class "A".csv',
    );
    expect(filenameFromDisposition('attachment; filename=plain.csv; size=3', 'x.csv')).toBe('plain.csv');
    expect(filenameFromDisposition('attachment', 'x.csv')).toBe('x.csv');
    expect(filenameFromDisposition(null, 'x.csv')).toBe('x.csv');
  });

  it('drops path parts and survives a broken encoding', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('passwd');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E4%ZZ; filename="ok.csv"`, 'x.csv')).toBe(
      'ok.csv',
    );
  });
});
