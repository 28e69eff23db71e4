/**
 * Texts of a shared component family (the camera, the microphone) in an i18n namespace of their own,
 * registered on first use like a lab's texts, so the app's shared catalogues stay untouched.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n.ts';
import type { LabTextKey, LabTexts } from './lab-i18n.ts';

type Options = Record<string, unknown>;
type LooseT = (key: string, options?: Options) => string;

export function componentTexts<T extends LabTexts>(ns: string, resources: { en: T; 'zh-CN': T }) {
  type Key = LabTextKey<T>;
  const register = () => {
    for (const [lang, texts] of Object.entries(resources)) {
      if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, texts, true, false);
    }
  };

  /** One text outside React (e.g. an error message), in the current language. */
  const text = (key: Key, options?: Options): string => {
    register();
    return (i18n.t as unknown as LooseT)(key, { ns, ...options });
  };

  /** The translate function for a component, following the language switch. */
  const useTexts = (): ((key: Key, options?: Options) => string) => {
    register();
    const { i18n: instance } = useTranslation();
    const language = instance.language;
    return useCallback(
      (key: Key, options?: Options) =>
        (instance.t as unknown as LooseT)(key, { ns, lng: language, ...options }),
      [instance, language],
    );
  };

  return { text, useTexts };
}
