/**
 * Whether a workspace programs a robot, and in which arena (pure, no Blockly): a program with any robot block
 * runs in the robot world instead of on the sprite stage; its world is the first "robot world: …" block's
 * (the line track when none names one).
 */
import { isArenaId, type ArenaId } from '../../../lib/robot-world/arenas.ts';
import { blockTypesOf } from '../runtime/block-types.ts';

export const ROBOT_BLOCK_PREFIX = 'robot_';
export const DEFAULT_ARENA: ArenaId = 'line';

type Json = Record<string, unknown>;

/** The arena a workspace's robot program drives in, or null for a program with no robot block. */
export function robotArenaIn(workspace: Json): ArenaId | null {
  const types = blockTypesOf(workspace);
  if (![...types].some((type) => type.startsWith(ROBOT_BLOCK_PREFIX))) return null;
  let arena: ArenaId | null = null;
  const visit = (node: unknown): void => {
    if (arena || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Json;
    const fields = record.fields as Json | undefined;
    if (record.type === 'robot_arena' && isArenaId(fields?.ARENA)) arena = fields.ARENA;
    // Top-level blocks first (in their order), then what is inside them.
    Object.values(record).forEach(visit);
  };
  visit((workspace.blocks as Json | undefined)?.blocks);
  return arena ?? DEFAULT_ARENA;
}
