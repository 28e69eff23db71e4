/**
 * Names the generated code calls that the runner itself answers: each block's code starts with
 * `highlightBlock('<id>')` (blocks/studio-blocks.ts makes the generator write it), and an event hat's code
 * registers its script with `onEvent('<event>', function () {…})`. Their own module, so the generator's side
 * does not load the interpreter.
 */
export const HIGHLIGHT_FUNCTION = 'highlightBlock';
export const EVENT_FUNCTION = 'onEvent';
