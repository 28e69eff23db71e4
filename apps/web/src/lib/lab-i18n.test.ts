import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { labNamespace, registerLabTexts } from './lab-i18n.ts';
import { en } from './locales/en.ts';

describe('lab texts', () => {
  it('are added once as the namespace lab-<slug>, in both languages', async () => {
    if (!i18n.isInitialized) {
      await i18n.init({
        lng: 'en',
        resources: { en: { translation: en } },
        interpolation: { escapeValue: false },
      });
    }
    const texts = {
      en: { title: 'Draw', hint: { start: 'Hello {{name}}' } },
      'zh-CN': { title: '画画', hint: { start: '你好 {{name}}' } },
    };
    registerLabTexts('quickDraw', texts);
    // A second registration (the chunk rendering again) keeps the first texts.
    registerLabTexts('quickDraw', { en: { title: 'Other', hint: { start: '' } }, 'zh-CN': texts['zh-CN'] });
    // The app's `t` is typed for the shared catalogue; lab namespaces are looked up untyped here.
    const t = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;
    const ns = labNamespace('quickDraw');
    expect(ns).toBe('lab-quickDraw');
    expect(t('title', { ns, lng: 'en' })).toBe('Draw');
    expect(t('hint.start', { ns, lng: 'en', name: 'Ada' })).toBe('Hello Ada');
    expect(t('title', { ns, lng: 'zh-CN' })).toBe('画画');
  });
});
