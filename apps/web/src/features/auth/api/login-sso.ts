import { requestAndParse } from '../../../lib/api-client.ts';
import { loadAuthSchemas } from './reply-schemas.ts';

const loginDataSchema = async () => (await loadAuthSchemas()).loginDataSchema;

/** POST /api/login_sso?jwt=…: single sign-on from a partner site. */
export async function loginSso(jwt: string) {
  return requestAndParse('/api/login_sso', { query: { jwt }, toastHttpErrors: false }, loginDataSchema);
}
