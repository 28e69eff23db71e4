/** Talks to the account service directly (signed like the web client) to prepare state, e.g. a login link. */
import { authTypeOf, signRequest } from '@ai-edu/contract';

interface AccountReply {
  code: number;
  message: string;
  data: unknown;
}

async function runtimeConfig(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/config`);
  const body = (await res.json()) as {
    data: { accountBaseUrl: string; accountSignKey: string; clientSecret: string };
  };
  return body.data;
}

export async function accountPost(baseUrl: string, endpoint: string, form: Record<string, string>) {
  const { accountBaseUrl, accountSignKey } = await runtimeConfig(baseUrl);
  const pathname = `${accountBaseUrl}/${endpoint}`;
  const cDate = String(Date.now());
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: {
      'C-Date': cDate,
      Sign: signRequest(accountSignKey, 'POST', pathname, cDate),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  return (await res.json()) as AccountReply;
}

/** Sends a code to `email`, reads it from the outbox and verifies it: the uuid a login link carries. */
export async function verifiedUuid(
  baseUrl: string,
  email: string,
  readCode: (to: string) => Promise<string>,
): Promise<string> {
  const sent = await accountPost(baseUrl, 'mail', { email, language: 'en' });
  if (sent.code !== 0) throw new Error(`mail failed: ${JSON.stringify(sent)}`);
  const code = await readCode(email);
  const verified = await accountPost(baseUrl, 'login', {
    account: email,
    auth_type: authTypeOf(email),
    code,
  });
  const uuid = (verified.data as { uuid?: string } | null)?.uuid;
  if (verified.code !== 0 || !uuid) throw new Error(`verify failed: ${JSON.stringify(verified)}`);
  return uuid;
}

/** Asks the product API who a session belongs to; 401 once the session is revoked. */
export async function userInfoStatus(baseUrl: string, uid: string): Promise<number> {
  const { clientSecret } = await runtimeConfig(baseUrl);
  const res = await fetch(`${baseUrl}/api/user/getUserInfo`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${uid}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: clientSecret, user_id: uid }).toString(),
  });
  return res.status;
}
