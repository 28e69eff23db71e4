/**
 * i18next setup. The language lives in localStorage `lang` ('zh-CN' | 'en', default zh-CN) and is mirrored on
 * <html lang> so assistive technology and the browser's own UI follow it.
 *
 * Only the default language's texts are part of the first page; English is fetched before the app renders
 * when it is the saved choice (main.tsx awaits `loadLanguage`), or when the user switches to it.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@ai-edu/contract';
import type { en } from './locales/en.ts';
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

function mirror(lang: Language): void {
  document.documentElement.lang = lang;
  document.title = i18n.t('brand.name');
}

export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const lng = parseLanguage(safeStorage.getItem(LANG_STORAGE_KEY));
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { 'zh-CN': { translation: zhCN } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // i18next ≥ 25.8 logs an advertisement on init; a school's console should show only the app's own lines.
    showSupportNotice: false,
  });
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

/** The catalogues not bundled with the first page. */
const LATER: Partial<Record<Language, () => Promise<object>>> = {
  en: async () => (await import('./locales/en.ts')).en,
};

/** Makes `lang`'s texts available (a no-op for the default language and once loaded). */
export async function loadLanguage(lang: Language): Promise<void> {
  const load = LATER[lang];
  if (!load || i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await load(), true, true);
  // The saved language arrived after start-up: the tab title was drawn with the fallback's words.
  if (typeof document !== 'undefined' && parseLanguage(i18n.language) === lang) mirror(lang);
}

export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
}
