/** The notice a plain-http page shows instead of "no camera found" (issue 25), in both languages. */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n.ts';
import { InsecureOriginNotice } from './insecure-origin-notice.tsx';

beforeAll(() => {
  vi.stubGlobal('window', {
    isSecureContext: false,
    location: { origin: 'http://school.lan:3000', pathname: '/ailab/faceAnalyze', search: '', hash: '' },
  });
  // i18n mirrors the language on <html> and the title.
  vi.stubGlobal('document', { documentElement: {}, title: '' });
  initI18n();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('InsecureOriginNotice', () => {
  it('gives the real reason in Chinese by default, labelled for screen readers, with the set-up page', async () => {
    await i18n.changeLanguage('zh-CN');
    const html = renderToStaticMarkup(<InsecureOriginNotice feature="camera" />);
    expect(html).toContain('摄像头需要使用安全（https）地址');
    expect(html).toContain('普通 http（http://school.lan:3000）');
    expect(html).toContain('aria-label="这里无法启动的原因"');
    expect(html).toContain('href="/setup"');
    expect(html).not.toContain('未找到摄像头');
  });

  it('in English, for the microphone too; without a known HTTPS address it says to ask for one', async () => {
    await i18n.changeLanguage('en');
    const html = renderToStaticMarkup(<InsecureOriginNotice feature="microphone" />);
    expect(html).toContain('The microphone needs the secure (https) address');
    expect(html).toContain('aria-label="Why this cannot start here"');
    expect(html).toContain('does not offer https yet');
    expect(html).toContain('How to set up this device');
  });
});
