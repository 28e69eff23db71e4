/**
 * Account-service reply codes (`{code, message, data}`). -2, -4 and -5 are the spec's; the others are ours.
 * Documented in docs/api.md.
 */
export const ACCOUNT_CODE = {
  ok: 0,
  badRequest: -1,
  invalidDestination: -2,
  codeError: -3,
  smsTooFrequent: -4,
  emailTooFrequent: -5,
  tooManyRequests: -6,
  uuidInvalid: -7,
  sendFailed: -8,
  unauthorized: -9,
  accountDisabled: -10,
} as const;
