import { queryOptions } from '@tanstack/react-query';
import { contactListSchema, type Contact } from '@ai-edu/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /contact.json (public, a plain JSON list). A failure is for the console only (spec §8). */
export async function getContacts(signal?: AbortSignal): Promise<Contact[]> {
  try {
    return contactListSchema.parse(
      await apiRequest('/contact.json', { method: 'GET', toastHttpErrors: false, signal }),
    );
  } catch (error) {
    console.error('contact list could not be loaded', error);
    throw error;
  }
}

export const contactsQuery = queryOptions({
  queryKey: ['contacts'],
  queryFn: ({ signal }) => getContacts(signal),
  staleTime: 5 * 60_000,
});
