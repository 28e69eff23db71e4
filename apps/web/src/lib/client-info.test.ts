import { describe, expect, it } from 'vitest';
import { describeClient } from './client-info.ts';

describe('client details for error reports', () => {
  it('names common browsers and systems', () => {
    expect(
      describeClient(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 120.0.6099.71', os: 'Windows NT 10.0' });
    expect(
      describeClient(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0.2210.61',
      ).browser,
    ).toBe('Edge 120.0.2210.61');
    expect(
      describeClient(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari 17.1', os: 'iOS 17.1' });
    expect(describeClient('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({
      browser: 'Firefox 128.0',
      os: 'Linux',
    });
    expect(describeClient('curl/8')).toEqual({ browser: 'unknown', os: 'unknown' });
  });
});
