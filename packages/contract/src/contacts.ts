/** The contact list (spec §3): served as /contact.json, replaced whole by the admin CLI. */
import { z } from 'zod';
import { text as safeText } from './input-rules.ts';
import { translationsSchema } from './translations-schema.ts';

const text = (max: number) => safeText().trim().max(max);

/** The contact fields that may carry other-language copies. */
export const CONTACT_TRANSLATED_FIELDS = ['area', 'region', 'name', 'job', 'address'] as const;

export const contactSchema = z
  .object({
    area: text(50).min(1),
    region: text(50).min(1),
    name: text(50).min(1),
    phone: text(30).default(''),
    phone2: text(30).default(''),
    job: text(50).default(''),
    address: text(200).default(''),
    email: z.union([z.literal(''), z.email().max(254)]).default(''),
    /** Text to render as the WeChat QR code. */
    qrData: text(500).default(''),
    /**
     * An image of the QR code, on our own origin (a path like /contacts/qr.png) or a data: URL. `//host`
     * (and `/\host`, which browsers read the same way) is another site, not a path on this one.
     */
    url: text(200_000)
      .refine(
        (u) => u === '' || /^\/(?![/\\])/.test(u) || u.startsWith('data:image/'),
        'url must be a path on this site or a data:image URL',
      )
      .default(''),
    /** Other-language copies of the place and people texts, e.g. `{ "en": { "area": "North China" } }`. */
    translations: translationsSchema(CONTACT_TRANSLATED_FIELDS, 200).optional(),
  })
  .strict();
export type Contact = z.infer<typeof contactSchema>;

export const contactListSchema = z.array(contactSchema).max(500);
