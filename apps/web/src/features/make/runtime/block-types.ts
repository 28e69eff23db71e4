/**
 * The block types a serialised workspace uses, found by walking Blockly's JSON (top-level blocks, the blocks
 * and shadows in their inputs, the next block): a workspace from another Blockly app may use blocks this
 * studio does not have, and saying which beats Blockly's load error.
 */
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function blockTypesOf(workspace: Json): Set<string> {
  const types = new Set<string>();
  const top: unknown = isRecord(workspace.blocks) ? workspace.blocks.blocks : undefined;
  const stack: unknown[] = Array.isArray(top) ? [...(top as unknown[])] : [];
  while (stack.length) {
    const block = stack.pop();
    if (!isRecord(block)) continue;
    if (typeof block.type === 'string') types.add(block.type);
    const links = [...(isRecord(block.inputs) ? Object.values(block.inputs) : []), block.next];
    for (const link of links) {
      if (isRecord(link)) stack.push(link.block, link.shadow);
    }
  }
  return types;
}

/** The types `isKnown` refuses, sorted (empty when the workspace can be loaded). */
export function unknownBlockTypes(workspace: Json, isKnown: (type: string) => boolean): string[] {
  return [...blockTypesOf(workspace)].filter((type) => !isKnown(type)).sort();
}
