/**
 * Other-language copies of content the platform ships (seeded courses, the demo event, the demo contact
 * list). The stored text is the original (zh-CN for the demo); `translations.en` holds the English copy of
 * some of its fields. Content a school writes has none and shows as written in every language. The API
 * returns both and the page picks, so a language switch needs no refetch and the editor always edits the
 * stored original.
 *
 * No zod here (the schema is in translations-schema.ts): the web app's first page shows translated cards.
 */

/** Languages a translation may be stored for (the original is whatever the author wrote). */
export const TRANSLATION_LANGUAGES = ['en', 'zh-CN'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** `{ en: { title: '…' } }`: per language, some of the item's text fields. */
export type Translations<K extends string> = Partial<Record<TranslationLanguage, Partial<Record<K, string>>>>;

/** The translation language for a UI language ('en-US' → 'en'); undefined means "show the original". */
function translationLanguage(language: string): TranslationLanguage | undefined {
  if (language.toLowerCase().startsWith('zh')) return 'zh-CN';
  if (language.toLowerCase().startsWith('en')) return 'en';
  return undefined;
}

/** The item with its text fields in `language` where a translation exists; other fields as stored. */
export function localized<T extends { translations?: Translations<string> | null }>(
  item: T,
  language: string,
): T {
  const lang = translationLanguage(language);
  const copy = lang ? item.translations?.[lang] : undefined;
  if (!copy) return item;
  const picked: Record<string, unknown> = { ...item };
  for (const [field, value] of Object.entries(copy)) {
    if (typeof value === 'string' && value !== '' && typeof picked[field] === 'string') picked[field] = value;
  }
  return picked as T;
}

/**
 * After an edit: drops the other-language copy of every field whose original changed, so no stale
 * translation outlives the text it translated. Returns null when nothing is left.
 */
export function dropEditedTranslations<K extends string>(
  translations: Translations<K> | null | undefined,
  before: Partial<Record<K, string>>,
  after: Partial<Record<K, string | undefined>>,
): Translations<K> | null {
  if (!translations) return null;
  const changed = (Object.keys(after) as K[]).filter((f) => after[f] !== undefined && after[f] !== before[f]);
  const kept: Translations<K> = {};
  for (const lang of TRANSLATION_LANGUAGES) {
    const copy = translations[lang];
    if (!copy) continue;
    const rest = Object.fromEntries(
      Object.entries(copy).filter(([field]) => !changed.includes(field as K)),
    ) as Partial<Record<K, string>>;
    if (Object.keys(rest).length > 0) kept[lang] = rest;
  }
  return Object.keys(kept).length > 0 ? kept : null;
}
