/** Which starter projects the studio can offer: those whose every block type it has (Blockly's registry). */
import { MAKE_STARTERS, starterBlockTypes, type MakeStarter } from '@ai-edu/contract';

export function availableStarters(
  hasBlock: (type: string) => boolean,
  starters: readonly MakeStarter[] = MAKE_STARTERS,
): MakeStarter[] {
  return starters.filter((starter) => starterBlockTypes(starter).every(hasBlock));
}
