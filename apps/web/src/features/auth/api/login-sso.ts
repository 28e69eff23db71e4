import { loginDataSchema } from '@ai-edu/contract';
import { apiRequest, parseProductReply } from '../../../lib/api-client.ts';

/** POST /api/login_sso?jwt=…: single sign-on from a partner site. */
export async function loginSso(jwt: string) {
  const body = await apiRequest('/api/login_sso', { query: { jwt }, toastHttpErrors: false });
  return parseProductReply(body, loginDataSchema);
}
