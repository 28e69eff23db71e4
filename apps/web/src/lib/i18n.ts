/**
 * i18next setup. The language lives in localStorage `lang` ('zh-CN' | 'en', default zh-CN) and is mirrored on
 * <html lang> so assistive technology and the browser's own UI follow it.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@ai-edu/contract';
import { en } from './locales/en.ts';
import { zhCN } from './locales/zh-CN.ts';
import { safeStorage } from './storage.ts';

export const LANG_STORAGE_KEY = 'lang';
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export function parseLanguage(value: string | null | undefined): Language {
  return value === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const lng = parseLanguage(safeStorage.getItem(LANG_STORAGE_KEY));
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // i18next ≥ 25.8 logs an advertisement on init; a school's console should show only the app's own lines.
    showSupportNotice: false,
  });
  const mirror = (lang: Language) => {
    document.documentElement.lang = lang;
    document.title = i18n.t('brand.name');
  };
  mirror(lng);
  i18n.on('languageChanged', (next) => {
    const lang = parseLanguage(next);
    safeStorage.setItem(LANG_STORAGE_KEY, lang);
    mirror(lang);
  });
  return i18n;
}

export function currentLanguage(): Language {
  return parseLanguage(i18n.language);
}

export function setLanguage(lang: Language): void {
  void i18n.changeLanguage(lang);
}
