/** Which of the lab's two modes shows: the cloud chat, or the tiny poet (its offline mode). */
export type ChatMode = 'cloud' | 'tiny';

/**
 * A student on a server without a chat provider always gets the tiny poet (there is nothing else to use).
 * Otherwise the address's `?mode=` wins, and by default the cloud chat where there is one. An admin without a
 * provider starts with the poet too, and may switch to "cloud" to find the set-up instructions.
 */
export function chatMode(asked: string | null, providerReady: boolean, admin: boolean): ChatMode {
  if (!providerReady && !admin) return 'tiny';
  if (asked === 'tiny' || asked === 'cloud') return asked;
  return providerReady ? 'cloud' : 'tiny';
}

/** The switch between the two shows where both can be reached. */
export const showsModeSwitch = (providerReady: boolean, admin: boolean): boolean => providerReady || admin;
