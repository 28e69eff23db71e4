/** Product API sign-in and user info (spec §3, §7). */
import { z } from 'zod';
import { passwordDigestSchema } from './account.ts';

export const loginByUuidQuerySchema = z.object({ uuid: z.string().trim().min(1).max(200) });
export const loginSsoQuerySchema = z.object({ jwt: z.string().trim().min(1).max(8192) });

export const loginZmRequestSchema = z.object({
  account: z.string().trim().min(1).max(254),
  password: passwordDigestSchema,
  auth_type: z.enum(['email', 'mobile']).optional(),
});
export type LoginZmRequest = z.infer<typeof loginZmRequestSchema>;

export const loginStuRequestSchema = z.object({
  account: z.string().trim().min(1).max(254),
  password: passwordDigestSchema,
  secret: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/),
});
export type LoginStuRequest = z.infer<typeof loginStuRequestSchema>;

export const getUserInfoRequestSchema = z.object({ secret: z.string().min(1).max(200) });

export const loginDataSchema = z.object({ uid: z.string() });
export type LoginData = z.infer<typeof loginDataSchema>;

export const authInfoSchema = z.object({
  vip: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  account_type: z.string(),
  /** Days of authorization left (0 when none or expired). */
  left_valid_time: z.number().int().nonnegative(),
  company_name: z.string(),
});
export type AuthInfo = z.infer<typeof authInfoSchema>;

export const userInfoSchema = z.object({
  account: z.string(),
  uid: z.string(),
  accountType: z.string(),
  authInfo: authInfoSchema,
  company_auth: z.number().int(),
  company_name: z.string(),
  quotaInfo: z.object({ total_balance: z.number().int() }),
  role: z.enum(['user', 'admin']),
  /** Lab slugs this account may open (route-permission check); all labs unless an admin denied some. */
  labs: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Every product-API reply. */
export function productReplySchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number(), message: z.string(), data: data.nullable() });
}
