/** Which starter projects the studio can offer: those whose every block type it has (Blockly's registry). */
import { MAKE_STARTERS, makeStarterById, starterBlockTypes, type MakeStarter } from '@ai-edu/contract';

/** A starter by its id (`/make?starter=<id>`, e.g. from /embodiment), loaded with this chunk. */
export { makeStarterById };

export function availableStarters(
  hasBlock: (type: string) => boolean,
  starters: readonly MakeStarter[] = MAKE_STARTERS,
): MakeStarter[] {
  return starters.filter((starter) => starterBlockTypes(starter).every(hasBlock));
}
