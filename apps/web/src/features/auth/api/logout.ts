import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/logout: the server revokes the session. The client forgets it whatever the answer. */
export async function logoutSession(): Promise<void> {
  await apiRequest('/api/logout', { toastHttpErrors: false });
}
