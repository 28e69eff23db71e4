/**
 * Runs a student's program safely: the JavaScript that Blockly generated is interpreted by JS-Interpreter (a
 * sandboxed interpreter written in JavaScript), never handed to `eval` or `new Function` (the page's CSP
 * forbids both). The program sees only the host functions it is given (the stage's `print`…), so it can do
 * nothing a block does not allow.
 *
 * The interpreter is stepped in short slices scheduled with `setTimeout`, so an endless loop never freezes the
 * page and Stop always works. Each block's code starts with `highlightBlock('<id>')` (blocks/studio-blocks.ts), so
 * the runner knows which block runs, can pause after each one (the speed control) and names the block an
 * error came from.
 *
 * Scripts run as cooperative threads sharing one interpreter (its globals are the program's variables): the
 * program's top level is the first thread (the "when Run clicked" scripts and any loose blocks), and each event
 * (a key, a click on the sprite) starts a thread running the scripts its hats registered with `onEvent`. A
 * thread is the interpreter's own stack of states; the runner swaps stacks between threads, as
 * JS-Interpreter's thread demo does. While one event's thread runs, the same event starts nothing more (one
 * run at a time per event, Scratch's rule too), so holding a key down does not pile up threads.
 *
 * A host function that waits (wait, ask, play a note) returns a promise: its thread sleeps until the promise
 * settles, the others run on, and no slice is scheduled while every thread waits (no busy loop). Stop ends
 * the run at once; a promise settling later changes nothing.
 *
 * Pure module: no DOM, no Blockly; the unit tests run it in Node.
 */
import Interpreter, { type PseudoObject } from 'js-interpreter';
import { EVENT_FUNCTION, HIGHLIGHT_FUNCTION } from './highlight.ts';

/** A function the program may call: arguments and result are plain values (lists become arrays). */
export type HostFunction = (...args: unknown[]) => unknown;
/** A host function the program waits for: the calling script sleeps until the promise settles. */
export type AsyncHostFunction = (...args: unknown[]) => Promise<unknown>;
/** Async host functions get at most this many arguments (JS-Interpreter needs a fixed arity). */
export const MAX_ASYNC_ARGS = 4;

export type RunOutcome =
  | { kind: 'done' }
  | { kind: 'stopped' }
  | {
      kind: 'error';
      /** The JavaScript error's name (TypeError, RangeError…), for a message in the student's language. */
      name: string;
      /** The interpreter's own (English) message, shown as a detail. */
      message: string;
      /** The block that was running, or null when the error came before the first block. */
      blockId: string | null;
    };

export interface RunOptions {
  /** Functions the program can call by name (`alert` for Blockly's print block…). */
  host: Record<string, HostFunction>;
  /** Functions the program waits for (`wait`, `prompt`…). */
  asyncHost?: Record<string, AsyncHostFunction>;
  /** Called with each block as it starts to run (null when the run ends). */
  onHighlight?: (blockId: string | null) => void;
  onFinish: (outcome: RunOutcome) => void;
  /** Pause after each block starts, in ms (0: as fast as the slices allow). */
  blockDelayMs?: number;
  /** Longest stretch of steps before the page gets the thread back, in ms. */
  sliceMs?: number;
  /** Injected for tests; the browser's timers otherwise. */
  scheduler?: Scheduler;
}

export interface Scheduler {
  now: () => number;
  later: (fn: () => void, ms: number) => () => void;
}

const browserScheduler: Scheduler = {
  now: () => performance.now(),
  later: (fn, ms) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
};

/** Steps between two looks at the clock (reading it is slower than a step). */
const STEPS_PER_CLOCK_CHECK = 200;
const DEFAULT_SLICE_MS = 8;
/** A slice ends after this many steps whatever the clock says (a coarse or frozen clock must not hang the page). */
const MAX_STEPS_PER_SLICE = 100_000;
/** Steps one thread takes before the next one's turn, so scripts side by side advance together. */
const STEPS_PER_TURN = 1_000;

export interface ProgramRun {
  /** Ends the run now; `onFinish` gets `stopped` (once) unless it already finished. */
  stop(): void;
  /** The speed control: a new pause after each block, from the next block on. */
  setBlockDelay(ms: number): void;
  /**
   * Starts the scripts registered for `event` (e.g. `key:space`, `click:sprite`) unless they are still
   * running from the last time; false when nothing started.
   */
  dispatch(event: string): boolean;
  readonly running: boolean;
  /** Interpreter steps taken so far (the benchmark's measure of work). */
  readonly steps: number;
}

/** One script's execution: the interpreter's stack of states while it is swapped out. */
interface Thread {
  stack: Interpreter.State[];
  /** The event that started it (null for the program's top level). */
  event: string | null;
  /** Waiting for an async host function's promise. */
  waiting: boolean;
}

/** The global list that event hats' scripts are kept in, so a thread's code can call one by index. */
const HANDLERS = '__eventHandlers';

function errorOf(thrown: unknown): { name: string; message: string } {
  if (thrown instanceof Error) return { name: thrown.name, message: thrown.message };
  return { name: 'Error', message: String(thrown) };
}

/** Starts `code` at once; the first slice runs on the next tick. A syntax error finishes it straight away. */
export function runProgram(code: string, options: RunOptions): ProgramRun {
  const scheduler = options.scheduler ?? browserScheduler;
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  let blockDelayMs = options.blockDelayMs ?? 0;
  let currentBlock: string | null = null;
  /** Set by highlightBlock when the run should pause before the next step. */
  let pauseRequested = false;
  let cancelNext: (() => void) | null = null;
  let running = true;

  const finish = (outcome: RunOutcome) => {
    if (!running) return;
    running = false;
    cancelNext?.();
    cancelNext = null;
    options.onHighlight?.(null);
    options.onFinish(outcome);
  };

  let interpreter: Interpreter;
  /** Event name → indexes into the interpreter's HANDLERS list. */
  const handlers = new Map<string, number[]>();
  let handlerCount = 0;
  const threads: Thread[] = [];
  let current: Thread | null = null;
  /** Round-robin position, so every runnable thread gets its turn. */
  let turn = 0;
  let totalSteps = 0;

  const settle = (thread: Thread, resume: (value: unknown) => void, value: unknown) => {
    if (!running) return;
    resume(interpreter.nativeToPseudo(value));
    thread.waiting = false;
    cancelNext ??= scheduler.later(slice, 0);
  };

  try {
    interpreter = new Interpreter(code, (it, globalObject) => {
      it.setProperty(
        globalObject,
        HIGHLIGHT_FUNCTION,
        it.createNativeFunction((id) => {
          currentBlock = typeof id === 'string' ? id : String(id);
          options.onHighlight?.(currentBlock);
          if (blockDelayMs > 0) pauseRequested = true;
        }),
      );
      const handlerList = it.nativeToPseudo([]) as PseudoObject;
      it.setProperty(globalObject, HANDLERS, handlerList);
      it.setProperty(
        globalObject,
        EVENT_FUNCTION,
        it.createNativeFunction((event, script) => {
          const index = handlerCount++;
          it.setProperty(handlerList, String(index), script);
          const name = String(event);
          handlers.set(name, [...(handlers.get(name) ?? []), index]);
        }),
      );
      for (const [name, fn] of Object.entries(options.host)) {
        it.setProperty(
          globalObject,
          name,
          it.createNativeFunction((...args) =>
            it.nativeToPseudo(fn(...args.map((a) => it.pseudoToNative(a)))),
          ),
        );
      }
      for (const [name, fn] of Object.entries(options.asyncHost ?? {})) {
        // A fixed arity: JS-Interpreter passes the callback after exactly `length - 1` arguments.
        const wait = (a: unknown, b: unknown, c: unknown, d: unknown, resume: (value: unknown) => void) => {
          const thread = current;
          if (!thread) return;
          thread.waiting = true;
          const args = [a, b, c, d].slice(0, MAX_ASYNC_ARGS).map((v) => it.pseudoToNative(v));
          fn(...args).then(
            (value) => settle(thread, resume, value),
            // A failed wait (a sound that could not play) is not the student's error: the script goes on.
            () => settle(thread, resume, undefined),
          );
        };
        it.setProperty(globalObject, name, it.createAsyncFunction(wait));
      }
    });
  } catch (thrown) {
    // The generated code did not parse: a bug in a block's generator rather than the student's doing.
    const { name, message } = errorOf(thrown);
    running = false;
    scheduler.later(() => options.onFinish({ kind: 'error', name, message, blockId: null }), 0);
    return { stop: () => {}, setBlockDelay: () => {}, dispatch: () => false, running: false, steps: 0 };
  }
  threads.push({ stack: interpreter.stateStack, event: null, waiting: false });

  const nextRunnable = (): Thread | null => {
    for (let i = 0; i < threads.length; i++) {
      const thread = threads[(turn + i) % threads.length];
      if (thread && !thread.waiting) {
        turn = (turn + i + 1) % threads.length;
        return thread;
      }
    }
    return null;
  };

  /** Steps taken in the current slice (all threads together). */
  let sliceSteps = 0;

  /**
   * Steps one thread for a turn: `turn` when the next thread may go (this one ended, waits, or had its
   * turn), `slice` when the slice is over (clock or step cap), `pause` when a block asked for the speed's pause.
   */
  const runThread = (thread: Thread, until: number): 'turn' | 'slice' | 'pause' => {
    current = thread;
    interpreter.stateStack = thread.stack;
    for (let steps = 1; ; steps++) {
      totalSteps++;
      sliceSteps++;
      if (!interpreter.step()) {
        threads.splice(threads.indexOf(thread), 1);
        return 'turn';
      }
      if (interpreter.paused_) {
        // An async host call: this thread sleeps until its promise settles (see `settle`); others go on.
        interpreter.paused_ = false;
        return 'turn';
      }
      if (pauseRequested) return 'pause';
      if (sliceSteps >= MAX_STEPS_PER_SLICE) return 'slice';
      if (sliceSteps % STEPS_PER_CLOCK_CHECK === 0 && scheduler.now() >= until) return 'slice';
      if (steps >= STEPS_PER_TURN) return 'turn';
    }
  };

  const slice = () => {
    cancelNext = null;
    if (!running) return;
    const until = scheduler.now() + sliceMs;
    sliceSteps = 0;
    try {
      for (;;) {
        const thread = nextRunnable();
        if (!thread) break;
        const end = runThread(thread, until);
        if (end === 'pause') {
          pauseRequested = false;
          cancelNext = scheduler.later(slice, blockDelayMs);
          return;
        }
        if (end === 'slice') break;
      }
    } catch (thrown) {
      return finish({ kind: 'error', ...errorOf(thrown), blockId: currentBlock });
    } finally {
      current = null;
    }
    // Done when nothing runs, waits, or could start later; otherwise idle until an event or a promise.
    if (threads.length === 0 && handlers.size === 0) return finish({ kind: 'done' });
    if (threads.some((t) => !t.waiting)) cancelNext = scheduler.later(slice, 0);
  };
  cancelNext = scheduler.later(slice, 0);

  const dispatch = (event: string): boolean => {
    const indexes = handlers.get(event);
    if (!running || !indexes || threads.some((t) => t.event === event)) return false;
    // A thread is a fresh program on the same globals calling the registered scripts one after another.
    const program = interpreter.parse_(
      indexes.map((i) => `${HANDLERS}[${i}]();`).join('\n'),
      `event ${event}`,
    );
    threads.push({
      stack: [new Interpreter.State(program, interpreter.globalScope)],
      event,
      waiting: false,
    });
    cancelNext ??= scheduler.later(slice, 0);
    return true;
  };

  return {
    stop: () => finish({ kind: 'stopped' }),
    setBlockDelay: (ms) => {
      blockDelayMs = Math.max(0, ms);
    },
    dispatch,
    get running() {
      return running;
    },
    get steps() {
      return totalSteps;
    },
  };
}
