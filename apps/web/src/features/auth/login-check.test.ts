import { describe, expect, it } from 'vitest';
import { decideLoginIntent, takeLoginParams } from './login-check.ts';

describe('login check at start', () => {
  it('takes uuid out of the URL and keeps everything else', () => {
    const { params, cleanedUrl } = takeLoginParams('http://127.0.0.1:5173/course/3?uuid=abc&tab=2#intro');
    expect(params).toEqual({ jwt: null, uuid: 'abc' });
    expect(cleanedUrl).toBe('/course/3?tab=2#intro');
  });

  it('takes jwt out of the URL', () => {
    const { params, cleanedUrl } = takeLoginParams('http://localhost/?jwt=h.p.s');
    expect(params).toEqual({ jwt: 'h.p.s', uuid: null });
    expect(cleanedUrl).toBe('/');
  });

  it('leaves a URL without login parameters alone', () => {
    expect(takeLoginParams('http://localhost/ailab?x=1').cleanedUrl).toBeNull();
  });

  it('strips an empty parameter without using it', () => {
    const { params, cleanedUrl } = takeLoginParams('http://localhost/?uuid=');
    expect(params.uuid).toBeNull();
    expect(cleanedUrl).toBe('/');
  });

  it('prefers single sign-on, then the uuid link, then the stored uid', () => {
    expect(decideLoginIntent({ jwt: 'j', uuid: 'u' }, 's')).toEqual({ kind: 'jwt', jwt: 'j' });
    expect(decideLoginIntent({ jwt: null, uuid: 'u' }, 's')).toEqual({ kind: 'uuid', uuid: 'u' });
    expect(decideLoginIntent({ jwt: null, uuid: null }, 's')).toEqual({ kind: 'stored', uid: 's' });
    expect(decideLoginIntent({ jwt: null, uuid: null }, '')).toEqual({ kind: 'none' });
  });
});
