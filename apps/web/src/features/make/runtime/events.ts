/**
 * The events a program's hats can wait for, by the names the page dispatches to the runner
 * (`ProgramRun.dispatch`): `key:<name>` for a key, `click:sprite` for a click on the sprite, `model:<id>:<label>`
 * when a model's best guess becomes that label, `hear:<word>` when the microphone hears a command word. Pure module.
 */

/** The keys a key hat offers, by the event name the page dispatches (`key:<name>`, see keyEventName). */
export const EVENT_KEYS = [
  'space',
  'up',
  'down',
  'left',
  'right',
  ...'abcdefghijklmnopqrstuvwxyz0123456789',
] as const;

/** The event a key press starts, or null for keys no hat can name. */
export function keyEventName(key: string): string | null {
  const named: Record<string, string> = {
    ' ': 'space',
    ArrowUp: 'up',
    ArrowDown: 'down',
    ArrowLeft: 'left',
    ArrowRight: 'right',
  };
  const name = named[key] ?? key.toLowerCase();
  return (EVENT_KEYS as readonly string[]).includes(name) ? `key:${name}` : null;
}

export const SPRITE_CLICK_EVENT = 'click:sprite';

/** The event of "when ⟨model⟩ sees ⟨label⟩": dispatched when the model's best guess changes to `label`. */
export function modelEventName(modelId: string, label: string): string {
  return `model:${modelId}:${label}`;
}

/** The event of "when I hear ⟨word⟩": dispatched each time the run's sound model hears the word (trimmed). */
export function hearEventName(word: string): string {
  return `hear:${word.trim()}`;
}
