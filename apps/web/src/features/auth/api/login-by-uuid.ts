import { requestAndParse } from '../../../lib/api-client.ts';
import { loadAuthSchemas } from './reply-schemas.ts';

const loginDataSchema = async () => (await loadAuthSchemas()).loginDataSchema;

/** POST /api/login?uuid=…: turns a verified uuid (code login or a login link) into a session uid. */
export async function loginByUuid(uuid: string) {
  return requestAndParse(
    '/api/login',
    { query: { uuid }, form: { uuid }, toastHttpErrors: false },
    loginDataSchema,
  );
}
