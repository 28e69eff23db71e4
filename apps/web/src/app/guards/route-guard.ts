/**
 * Route guards of spec §2/§6 as one pure decision: public pages are open, everything else needs a
 * logged-in user (otherwise home with the login modal), and paths starting with '/lesson' need vip 2
 * (otherwise the lab index).
 */
import { VIP_SCHOOL } from '@ai-edu/contract';
import { paths } from '../../config/paths.ts';

export type GuardDecision =
  | { kind: 'allow' }
  /** The login check is still running: show a spinner rather than bouncing a returning user. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; openLogin: boolean };

export interface GuardContext {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  vip: number | undefined;
}

const PUBLIC_PATHS = new Set<string>([paths.home, paths.contact]);

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(normalise(pathname));
}

export function guardRoute(pathname: string, { status, vip }: GuardContext): GuardDecision {
  if (isPublicPath(pathname)) return { kind: 'allow' };
  if (status === 'loading') return { kind: 'wait' };
  if (status !== 'authenticated') return { kind: 'redirect', to: paths.home, openLogin: true };
  if (pathname.startsWith(paths.lesson) && vip !== VIP_SCHOOL) {
    return { kind: 'redirect', to: paths.aiLab, openLogin: false };
  }
  return { kind: 'allow' };
}
