import { describe, expect, it } from 'vitest';
import { isInsecureContext, secureAddressOf } from './secure-origin.ts';

describe('secure origin', () => {
  it('links the same page at the server’s HTTPS address when the server has one', () => {
    const location = { pathname: '/ailab/faceAnalyze', search: '?a=1', hash: '#x' };
    expect(secureAddressOf('https://school.lan:3000', location)).toBe(
      'https://school.lan:3000/ailab/faceAnalyze?a=1#x',
    );
    expect(secureAddressOf('https://school.lan/', location)).toBe(
      'https://school.lan/ailab/faceAnalyze?a=1#x',
    );
    expect(secureAddressOf(null, location)).toBeNull();
  });

  it('is never insecure where there is no window (Node)', () => {
    expect(isInsecureContext()).toBe(false);
  });
});
