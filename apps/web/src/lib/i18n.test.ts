import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from './i18n.ts';

describe('language catalogues', () => {
  it('holds only the default language until English is asked for', async () => {
    await i18n.init({ lng: 'zh-CN', resources: {}, initAsync: false });
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await loadLanguage('zh-CN');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);

    await loadLanguage('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.getFixedT('en')('nav.home')).toBe('Home');
  });
});
