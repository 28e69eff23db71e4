import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@ai-edu/contract';
import {
  canRetry,
  dimensionsOf,
  downloadUrl,
  kindOfStatus,
  newRequestKey,
  shapeOf,
  waitingPercent,
} from './paint-logic.ts';

describe('paint failures', () => {
  it('maps refusals and provider failures', () => {
    expect([503, 402, 429, 403, 401, 409, 502, 504, 400].map(kindOfStatus)).toEqual([
      'notConfigured',
      'credits',
      'limit',
      'denied',
      'session',
      'busy',
      'provider',
      'provider',
      'generic',
    ]);
  });

  it('offers a retry only where another try can help', () => {
    expect(canRetry({ kind: 'provider', message: '' })).toBe(true);
    expect(canRetry({ kind: 'limit', message: '' })).toBe(true);
    expect(canRetry({ kind: 'notConfigured', message: '' })).toBe(false);
    expect(canRetry({ kind: 'denied', message: '' })).toBe(false);
  });
});

describe('sizes and links', () => {
  it('names every contract size by its shape', () => {
    expect(IMAGE_SIZES.map(shapeOf)).toEqual(['square', 'portrait', 'landscape', 'small']);
    expect(dimensionsOf('1792x1024')).toEqual({ width: 1792, height: 1024 });
    expect(dimensionsOf('odd')).toEqual({ width: 1, height: 1 });
  });

  it('adds download=1 to a signed link', () => {
    expect(downloadUrl('/api/ai/images/x?exp=1&sig=a')).toBe('/api/ai/images/x?exp=1&sig=a&download=1');
    expect(downloadUrl('/api/ai/images/x')).toBe('/api/ai/images/x?download=1');
  });

  it('makes request keys the server accepts', () => {
    expect(newRequestKey()).toMatch(/^[\w.:-]{8,100}$/);
    expect(newRequestKey()).not.toBe(newRequestKey());
  });
});

describe('waitingPercent', () => {
  it('grows, never passes 95 and starts at 0', () => {
    expect(waitingPercent(0)).toBe(0);
    expect(waitingPercent(-3)).toBe(0);
    expect(waitingPercent(30)).toBeLessThan(waitingPercent(60));
    expect(waitingPercent(10_000)).toBe(95);
  });
});
