/**
 * The command-word blocks' host function: `heardWord()` answers the last word the run's hearing session heard,
 * at once ('' before the first, and '' when nothing listens: the stage has said why). "when I hear ⟨word⟩" needs
 * none: its script is an event the page dispatches (`hear:<word>`).
 */
import type { HostFunction } from '../runtime/program-runner.ts';

export function hearingHostFunctions(
  session: { readonly lastWord: string } | null,
): Record<string, HostFunction> {
  return { heardWord: () => session?.lastWord ?? '' };
}
