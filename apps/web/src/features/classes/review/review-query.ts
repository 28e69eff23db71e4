/** The review's filters as the server reads them (query strings), and the CSV export's file name. */
import type { ReviewedLab } from '@ai-edu/contract';

export type ReviewStatus = 'answered' | 'failed' | 'blocked';

/** What the teacher chose above the table; undefined or empty means "any". */
export interface ReviewFilters {
  student?: string;
  lab?: ReviewedLab;
  /** YYYY-MM-DD, China time days, inclusive. */
  from?: string;
  to?: string;
  q?: string;
  status?: ReviewStatus;
  flaggedOnly?: boolean;
}

/** The query parameters for GET …/ai-use (with a page) or …/ai-use.csv (without): empty filters left out. */
export function reviewParams(
  filters: ReviewFilters,
  paging?: { page: number; pageSize: number },
): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (filters.student) params.set('student', filters.student);
  if (filters.lab) params.set('lab', filters.lab);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (q) params.set('q', q);
  if (filters.status) params.set('status', filters.status);
  // "Flagged only" off means every row, not only the unflagged ones, so false is never sent.
  if (filters.flaggedOnly) params.set('flagged', 'true');
  if (paging) {
    params.set('page', String(paging.page));
    params.set('pageSize', String(paging.pageSize));
  }
  return params;
}

/** A path with its query string, without a dangling '?' when there are no parameters. */
export function withParams(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function hasFilters(filters: ReviewFilters): boolean {
  return reviewParams(filters).toString() !== '';
}

/**
 * The file name a Content-Disposition header gives (RFC 6266: `filename*=UTF-8''…` wins over `filename=`),
 * else the fallback. Path parts are dropped so a name can never point outside the downloads folder.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** An answer longer than this starts collapsed. */
export const ANSWER_COLLAPSE_CHARS = 160;
