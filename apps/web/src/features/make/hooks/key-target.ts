/** Which key presses reach a running program (not those typed into the workspace or a text box). */

/** Whether a key press belongs to the program rather than to a text box or the block workspace. */
export function keyIsForProgram(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target;
  if (!(target instanceof Element)) return true;
  if (target.closest('input, textarea, select, [contenteditable=true], .make-workspace')) return false;
  // Space and Enter on a button press the button (Run, Stop…); other keys still reach the program.
  return !(target.closest('button') && (event.key === ' ' || event.key === 'Enter'));
}
