/** Why a call to an AI lab's endpoint failed, in the terms the lab pages explain (shared by chat and painting). */

export type AiProblemKind =
  'notConfigured' | 'credits' | 'limit' | 'denied' | 'session' | 'busy' | 'provider' | 'network' | 'generic';

export interface AiProblem {
  kind: AiProblemKind;
  /** The server's translated message, or the browser's for a broken connection. */
  message: string;
}

/** What an HTTP refusal of an AI call means; 502/504 are provider failures (the charge was refunded). */
export function aiProblemKindOf(status: number): AiProblemKind {
  switch (status) {
    case 503:
      return 'notConfigured';
    case 402:
      return 'credits';
    case 429:
      return 'limit';
    case 403:
      return 'denied';
    case 401:
      return 'session';
    case 409:
      return 'busy';
    case 502:
    case 504:
      return 'provider';
    default:
      return 'generic';
  }
}
