import { loginDataSchema } from '@ai-edu/contract';
import { apiRequest, parseProductReply } from '../../../lib/api-client.ts';

/** POST /api/login?uuid=…: turns a verified uuid (code login or a login link) into a session uid. */
export async function loginByUuid(uuid: string) {
  const body = await apiRequest('/api/login', { query: { uuid }, form: { uuid }, toastHttpErrors: false });
  return parseProductReply(body, loginDataSchema);
}
