/** Account service (`/api/client/verify/*`, spec §7): request and reply schemas. */
import { z } from 'zod';
import { CODE_LENGTH } from './constants.ts';

export const ACCOUNT_BASE_PATH = '/api/client/verify';

/** Form fields arrive as strings; a checkbox-like flag may be "1", "true" or a boolean. */
const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** Optional (beyond the spec): what the code is for, so the message can say so. */
const purpose = z.enum(['login', 'reset']).optional();

export const sendMailRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  language: z.string().max(16).optional(),
  purpose,
});
export type SendMailRequest = z.infer<typeof sendMailRequestSchema>;

export const sendSmsRequestSchema = z.object({
  mobile: z.string().trim().min(1).max(32),
  sms_type: z.union([z.string(), z.number()]).transform(String).optional(),
  purpose,
});
export type SendSmsRequest = z.infer<typeof sendSmsRequestSchema>;

export const verifyLoginRequestSchema = z.object({
  account: z.string().trim().min(1).max(254),
  auth_type: z.enum(['email', 'mobile']),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'code must be 6 digits'),
  forget: flag,
});
export type VerifyLoginRequest = z.input<typeof verifyLoginRequestSchema>;

export const verifyLoginDataSchema = z.object({
  uuid: z.string(),
  passwordStatus: z.union([z.literal(0), z.literal(1)]),
});
export type VerifyLoginData = z.infer<typeof verifyLoginDataSchema>;

/** A password on the wire is the lowercase hex SHA-256 of the raw password. */
export const passwordDigestSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{64}$/, 'password must be the lowercase hex SHA-256 of the raw password');

export const setPasswordRequestSchema = z.object({
  uuid: z.string().trim().min(1).max(200),
  password: passwordDigestSchema,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

/** Every account-service reply. */
export function accountReplySchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data: data.nullable() });
}
