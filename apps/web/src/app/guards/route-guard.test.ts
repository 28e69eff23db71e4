import { describe, expect, it } from 'vitest';
import { guardRoute } from './route-guard.ts';

const loggedIn = (vip: number) => ({ status: 'authenticated' as const, vip });
const loggedOut = { status: 'unauthenticated' as const, vip: undefined };

describe('route guards', () => {
  it('lets everyone see home and the contact page', () => {
    expect(guardRoute('/', loggedOut)).toEqual({ kind: 'allow' });
    expect(guardRoute('/regionContactList', loggedOut)).toEqual({ kind: 'allow' });
    expect(guardRoute('/regionContactList/', loggedOut)).toEqual({ kind: 'allow' });
  });

  it('sends logged-out users home with the login modal', () => {
    for (const path of ['/ailab', '/ailab/aiChat', '/course/7', '/setting/personal', '/lesson/1']) {
      expect(guardRoute(path, loggedOut)).toEqual({ kind: 'redirect', to: '/', openLogin: true });
    }
  });

  it('waits for the login check instead of bouncing', () => {
    expect(guardRoute('/ailab', { status: 'loading', vip: undefined })).toEqual({ kind: 'wait' });
  });

  it('keeps lessons for vip 2 and sends others to the lab index', () => {
    expect(guardRoute('/lesson', loggedIn(2))).toEqual({ kind: 'allow' });
    expect(guardRoute('/lesson/5', loggedIn(2))).toEqual({ kind: 'allow' });
    for (const vip of [0, 1]) {
      expect(guardRoute('/lesson/5', loggedIn(vip))).toEqual({
        kind: 'redirect',
        to: '/ailab',
        openLogin: false,
      });
    }
    expect(guardRoute('/ailab', loggedIn(0))).toEqual({ kind: 'allow' });
  });
});
