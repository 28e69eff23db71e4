/** Business constants of spec §9 and the sign-in issue. Shared so server and client never disagree. */
export const CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;
export const CODE_TTL_MS = 5 * 60 * 1000;
/** A code dies after this many wrong tries. */
export const CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 12;
/** Stored uid, sessions and the uuid cookie: 43200 minutes (30 days). */
export const LOGIN_PERSIST_MINUTES = 43200;
export const SESSION_TTL_MS = LOGIN_PERSIST_MINUTES * 60 * 1000;
/** A uuid from a code login may set a password only this long after the code was checked. */
export const PASSWORD_SET_WINDOW_MS = 15 * 60 * 1000;
/**
 * A uuid signs in only this long after its code was checked, and at most LOGIN_TOKEN_MAX_USES times (a
 * retry after a dropped connection, a second tab): it is a hand-over to a session, not a credential.
 */
export const LOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;
export const LOGIN_TOKEN_MAX_USES = 3;
/** Account-service signatures: C-Date may be at most this far from the server clock. */
export const SIGN_MAX_SKEW_MS = 300 * 1000;
export const ERROR_TOAST_MS = 3000;
export const FAIL_VIEW_DELAY_MS = 3000;
export const PERSIST_TIMEOUT_MS = 5000;
export const CAMERA_RETRY_DELAY_MS = 2000;
export const NUMBER_ROLL_MS = 1000;

/** The campus accountType value, as the spec's clients compare it. */
export const ACCOUNT_TYPE_CAMPUS = '校园账号';
export const ACCOUNT_TYPE_STUDENT = '学生账号';
export const ACCOUNT_TYPE_PERSONAL = '个人账号';
/** A teacher account a school made (issue 16): vip 2, sees only the classes assigned to it. */
export const ACCOUNT_TYPE_TEACHER = '教师账号';

export const VIP_NONE = 0;
export const VIP_STUDENT = 1;
export const VIP_SCHOOL = 2;
export type VipLevel = 0 | 1 | 2;

/** Product API `status`: 1 success, anything below 1 a failure the client toasts. */
export const STATUS_OK = 1;
export const STATUS_FAIL = 0;
