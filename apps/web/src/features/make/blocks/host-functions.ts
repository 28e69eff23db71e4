/**
 * What a program may do outside the interpreter: the host functions the studio injects (ARCHITECTURE.md
 * convention 16). Blocks never reach the page themselves; a block's generated code calls one of these by name.
 * Waiting blocks (wait, ask, play a note) are async host functions: the runner pauses the calling script
 * until their promise settles.
 */
import type { AsyncHostFunction, HostFunction } from '../runtime/program-runner.ts';
import type { SpriteWorld } from '../runtime/sprite-world.ts';

/** The stage as programs see it. */
export interface StageHost {
  print: (line: string) => void;
  world: SpriteWorld;
  /** Shows the question with an answer box on the stage; resolves with what the student typed. */
  ask: (question: string) => Promise<string>;
  /** Plays a MIDI note for `seconds`; resolves when it has sounded. */
  playNote: (note: number, seconds: number) => Promise<void>;
  /** Resolves after `ms`, or at once when the run ends. */
  sleep: (ms: number) => Promise<void>;
}

/** Beats per minute of `play note` (Scratch's default tempo: one beat is one second). */
export const TEMPO_BPM = 60;
/** A wait or a note lasts at most this long (a typo of 1e9 seconds must not hang a script for ever). */
export const MAX_WAIT_SECONDS = 3600;

/** A value as `alert` would show it: lists joined with commas, like JavaScript's own String(). */
export function displayText(value: unknown): string {
  if (Array.isArray(value)) return value.map(displayText).join(',');
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

const seconds = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.min(MAX_WAIT_SECONDS, Math.max(0, n)) : 0;
};

export function hostFunctions(stage: StageHost): Record<string, HostFunction> {
  const { world } = stage;
  return {
    // text_print: Blockly's generator writes `window.alert(text)`; the interpreter's `window` is its global.
    alert: (value) => stage.print(displayText(value)),
    spriteMove: (steps) => world.move(steps),
    spriteTurn: (degrees) => world.turn(degrees),
    spriteGoTo: (x, y) => world.goTo(x, y),
    spritePoint: (direction) => world.pointIn(direction),
    spriteSay: (text) => world.say(displayText(text)),
    spriteCostume: (name) => world.setCostume(name),
    stageBackdrop: (backdrop) => world.setBackdrop(backdrop),
    spriteShow: () => world.setVisible(true),
    spriteHide: () => world.setVisible(false),
    spriteSize: (percent) => world.setSize(percent),
    penDown: () => world.setPenDown(true),
    penUp: () => world.setPenDown(false),
    penClear: () => world.clearPen(),
    penColour: (colour) => world.setPenColour(colour),
    penSize: (size) => world.setPenSize(size),
  };
}

export function asyncHostFunctions(stage: StageHost): Record<string, AsyncHostFunction> {
  return {
    wait: (time) => stage.sleep(seconds(time) * 1000),
    // text_prompt_ext: Blockly's generator writes `window.prompt(question)`.
    prompt: (question) => stage.ask(displayText(question ?? '')),
    playNote: (note, beats) => {
      const midi = Number(note);
      return stage.playNote(Number.isFinite(midi) ? midi : 60, seconds((Number(beats) * 60) / TEMPO_BPM));
    },
  };
}
