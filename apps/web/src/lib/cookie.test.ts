import { describe, expect, it } from 'vitest';
import { cookieString } from './cookie.ts';

describe('cookies', () => {
  it('expires after the given minutes on the whole site', () => {
    expect(cookieString('uuid', 'a b', 43200, Date.UTC(2026, 0, 1))).toBe(
      'uuid=a%20b; expires=Sat, 31 Jan 2026 00:00:00 GMT; path=/; SameSite=Lax',
    );
  });
});
