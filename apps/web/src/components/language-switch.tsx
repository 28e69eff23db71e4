import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@ai-edu/contract';
import { parseLanguage, setLanguage } from '../lib/i18n.ts';
import { ChoiceButtons } from './choice-buttons.tsx';

/** Each language is named in itself, so a user who cannot read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '中文', en: 'EN' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <ChoiceButtons<Language>
      className="language-switch"
      size="small"
      aria-label={t('nav.language')}
      value={parseLanguage(i18n.language)}
      options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang], lang }))}
      onChange={setLanguage}
    />
  );
}
