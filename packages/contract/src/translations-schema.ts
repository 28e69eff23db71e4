import { z } from 'zod';
import { text } from './input-rules.ts';
import { TRANSLATION_LANGUAGES, type Translations } from './translations.ts';

/** Validates translations of the named fields (e.g. in an admin's contact list file). */
export function translationsSchema<const K extends string>(fields: readonly K[], max = 100_000) {
  const shape = Object.fromEntries(fields.map((f) => [f, text().max(max).optional()]));
  return z.partialRecord(z.enum(TRANSLATION_LANGUAGES), z.object(shape).strict()) as unknown as z.ZodType<
    Translations<K>
  >;
}
