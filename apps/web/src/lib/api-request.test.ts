import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './api-client.ts';
import { ApiStatusError, lastPathSegment, requestFailureText } from './api-request.ts';
import { i18n } from './i18n.ts';
import { en } from './locales/en.ts';

describe('request failure texts (spec §8)', () => {
  it('names the last path segment', () => {
    expect(lastPathSegment('/api/user/getUserInfo')).toBe('getUserInfo');
    expect(lastPathSegment('/api/log/experience/mine?limit=50')).toBe('mine');
    expect(lastPathSegment('/api/credits/history/')).toBe('history');
  });

  it('prefers the server message, then the generic text; network errors carry their message', async () => {
    // No DOM here: set up the shared instance directly rather than through initI18n().
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: en } },
      interpolation: { escapeValue: false },
    });
    expect(requestFailureText('/api/x/redeem', new ApiStatusError(0, 'code used'))).toBe('code used');
    expect(requestFailureText('/api/x/redeem', new ApiStatusError(0, ''))).toBe('redeem request failed');
    expect(requestFailureText('/api/x/redeem', new TypeError('Failed to fetch'))).toBe(
      'redeem request failed: Failed to fetch',
    );
    expect(requestFailureText('/api/x/redeem', new z.ZodError([]))).toBe('redeem request failed');
  });

  it('stays silent for cancelled requests and HTTP errors (the client toasted those)', () => {
    expect(requestFailureText('/api/x', new DOMException('aborted', 'AbortError'))).toBeNull();
    expect(requestFailureText('/api/x', new HttpError(500, null))).toBeNull();
  });
});
