/**
 * Activity logs of spec §3/§7, fire-and-forget: a log must never slow a page or show the user an error,
 * so failures go to the console only. The server takes the user from the session.
 */
import type { EduLogRequest, ExperienceLogRequest } from '@ai-edu/contract';
import { apiRequest } from './api-client.ts';

export const EXPERIENCE_ENTER = 0;
export const EXPERIENCE_LEAVE = 1;

function send(path: string, json: Record<string, unknown>): void {
  apiRequest(path, { method: 'POST', json, toastHttpErrors: false, keepalive: true }).catch(
    (error: unknown) => {
      console.error(`${path} failed`, error);
    },
  );
}

/** Lab pages only: '/ailab/x' or '/edu/ailab/x' (and deeper), never the index itself. */
export function isExperiencePath(pathname: string): boolean {
  return /^\/(?:edu\/)?ailab\/[^/]+/.test(pathname);
}

export function logExperience(entry: ExperienceLogRequest): void {
  send('/api/log/experience', { ...entry });
}

/** After a successful metered API call made from a lab page (spec §7). */
export function logApiUse(pathname: string, apiUrl: string, method = 'POST'): void {
  if (!isExperiencePath(pathname)) return;
  logExperience({ type: EXPERIENCE_LEAVE, path: pathname, api_url: apiUrl, method, timestamp: Date.now() });
}

export function logEdu(entry: EduLogRequest): void {
  send('/api/log/edu', { ...entry });
}
