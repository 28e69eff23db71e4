/**
 * The two modes of a generative lab (AI Q&A, AI painting): the cloud AI (a provider on the server), or our
 * tiny model running in the browser (its offline mode). The comparison is itself a lesson, so where both can
 * be reached a switch offers it, kept in the address as `?mode=`.
 */
import { useSearchParam } from './use-search-param.ts';
import { useSessionUser } from './session-user.ts';

export type LabMode = 'cloud' | 'tiny';

/**
 * A student on a server without the provider always gets the tiny model (there is nothing else to use).
 * Otherwise the address's `?mode=` wins, and by default the cloud AI where there is one. An admin without a
 * provider starts with the tiny model too, and may switch to "cloud" to find the set-up instructions.
 */
export function labMode(asked: string | null, providerReady: boolean, admin: boolean): LabMode {
  if (!providerReady && !admin) return 'tiny';
  if (asked === 'tiny' || asked === 'cloud') return asked;
  return providerReady ? 'cloud' : 'tiny';
}

/** The switch between the two shows where both can be reached. */
export const showsModeSwitch = (providerReady: boolean, admin: boolean): boolean => providerReady || admin;

/** The page's mode, a setter that keeps it in the address, and whether the switch shows. */
export function useLabMode(providerReady: boolean) {
  const admin = useSessionUser()?.role === 'admin';
  const [asked, setMode] = useSearchParam('mode');
  return {
    mode: labMode(asked, providerReady, admin),
    setMode,
    switchable: showsModeSwitch(providerReady, admin),
  };
}
