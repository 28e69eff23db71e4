/**
 * The review's CSV export: a plain fetch (the answer is a file, not the product envelope) with the session as
 * `Authorization: Bearer <uid>`, saved through an object URL under the name the server gives.
 */
import { currentLanguage } from '../../../lib/i18n.ts';
import { filenameFromDisposition, reviewParams, withParams, type ReviewFilters } from './review-query.ts';

export async function downloadReviewCsv(
  classId: string,
  filters: ReviewFilters,
  uid: string | null | undefined,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/csv', 'Accept-Language': currentLanguage() };
  if (uid) headers.Authorization = `Bearer ${uid}`;
  const res = await fetch(withParams(`/api/classes/${classId}/ai-use.csv`, reviewParams(filters)), {
    headers,
  });
  if (!res.ok) throw new Error(await errorMessage(res));
  const blob = await res.blob();
  const name = filenameFromDisposition(res.headers.get('content-disposition'), 'ai-use.csv');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The server's own (translated) message of a JSON error body, or '' for the caller's generic text. */
async function errorMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
}
