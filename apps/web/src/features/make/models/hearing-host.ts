/**
 * The command-word blocks' host functions: `heardWord()` answers the last word the run's hearing session heard,
 * at once ('' before the first, and '' when nothing listens: the stage has said why), `heardConfidence()` how
 * sure the sound model was of it (0–100; 0 before the first). "when I hear ⟨word⟩" needs
 * none: its script is an event the page dispatches (`hear:<word>`).
 */
import type { HostFunction } from '../runtime/program-runner.ts';

export function hearingHostFunctions(
  session: { readonly lastWord: string; readonly lastPercent?: number } | null,
): Record<string, HostFunction> {
  return {
    heardWord: () => session?.lastWord ?? '',
    heardConfidence: () => session?.lastPercent ?? 0,
  };
}
