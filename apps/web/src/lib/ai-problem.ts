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

/** A lab's `t`, loosely typed: every AI lab keeps `errors.<kind>` texts with `{{cost}}` and `{{message}}`. */
type ErrorTexts = (key: string, options: { cost: string; message: string }) => string;

/**
 * The lab's sentence for a failed AI call, from its `errors.<kind>` texts ('notConfigured' reads as
 * 'generic': the page shows its own set-up panel for that).
 */
export function aiProblemText(
  problem: { kind: string; message: string },
  t: (...args: never[]) => string,
  cost: string,
): string {
  const kind = problem.kind === 'notConfigured' ? 'generic' : problem.kind;
  // The lab's typed `t` takes only its own keys; every kind's key exists (the labs' i18n tests check the shapes).
  return (t as unknown as ErrorTexts)(`errors.${kind}`, { cost, message: problem.message || '—' });
}
