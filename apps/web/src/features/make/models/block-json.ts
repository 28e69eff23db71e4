/**
 * Helpers for writing a Blockly workspace's JSON by hand, for the programs a model starts (rock, paper,
 * scissors; the robot's sign reader): numbers and texts as the inputs' shadows, variables by id, blocks one
 * under the other. Pure data, no Blockly.
 */
export type Json = Record<string, unknown>;
/** A block's JSON: it always names its type. */
export type Block = Json & { type: string };

/** A block of `type` with its fields and inputs (each left out when not given). */
export const block = (type: string, fields?: Json, inputs?: Json): Block => ({
  type,
  ...(fields ? { fields } : {}),
  ...(inputs ? { inputs } : {}),
});
export const num = (n: number): Json => ({ shadow: { type: 'math_number', fields: { NUM: n } } });
export const value = (block: Json): Json => ({ block });
export const text = (s: string): Block => ({ type: 'text', fields: { TEXT: s } });
export const getVar = (id: string): Block => ({ type: 'variables_get', fields: { VAR: { id } } });
export const setVar = (id: string, to: Json): Block => ({
  type: 'variables_set',
  fields: { VAR: { id } },
  inputs: { VALUE: value(to) },
});
export const changeVar = (id: string, by = 1): Block => ({
  type: 'math_change',
  fields: { VAR: { id } },
  inputs: { DELTA: num(by) },
});
export const equals = (a: Json, b: Json): Block => ({
  type: 'logic_compare',
  fields: { OP: 'EQ' },
  inputs: { A: value(a), B: value(b) },
});
export const wait = (seconds: number): Block => ({ type: 'control_wait', inputs: { SECONDS: num(seconds) } });

/** Blocks one under the other. */
export function stack(first: Block, ...rest: Block[]): Block {
  const [next, ...after] = rest;
  return next ? { ...first, next: { block: stack(next, ...after) } } : first;
}
