/**
 * The block studio's interpreter speed (issue 26): a loop of about 1,000,000 interpreter steps run through
 * apps/web/src/features/make/runtime/program-runner.ts in Node, as the page runs it (8 ms slices handed back
 * to the event loop with setTimeout); the same with the longest slices the runner allows (100,000 steps, next
 * slice on setImmediate: about JS-Interpreter's own speed); and the loop as a key script beside an endless
 * top-level loop (two threads sharing the slices).
 */
import { runProgram, type RunOptions } from '../../../apps/web/src/features/make/runtime/program-runner.ts';

export const name = 'block studio interpreter';

/** A counting loop like the one a student's "repeat" builds, highlight calls included. */
const loop = (times: number) => `var i = 0;\nwhile (i < ${times}) {\n  highlightBlock('b');\n  i = i + 1;\n}`;
/** About 1,000,000 steps: each pass takes ~27. */
const TIMES = 37_000;

const unsliced: Pick<RunOptions, 'sliceMs' | 'scheduler'> = {
  sliceMs: Number.POSITIVE_INFINITY,
  scheduler: {
    now: () => performance.now(),
    later: (fn) => {
      const id = setImmediate(fn);
      return () => clearImmediate(id);
    },
  },
};

/** Runs `code` to its end; its steps and milliseconds. */
function timed(code: string, options: Partial<RunOptions> = {}): Promise<{ steps: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const run = runProgram(code, {
      host: {},
      ...options,
      onFinish: (outcome) =>
        outcome.kind === 'done'
          ? resolve({ steps: run.steps, ms: performance.now() - start })
          : reject(new Error(`the loop ended with ${JSON.stringify(outcome)}`)),
    });
  });
}

/** The loop as a key script beside `while (true) {}`: milliseconds until the script has finished. */
function besideEndlessLoop(times: number): Promise<number> {
  const code = [
    `onEvent('key:space', function () {\n${loop(times)}\n  finished();\n});`,
    'while (true) {}',
  ].join('\n');
  return new Promise((resolve) => {
    let start = 0;
    const run = runProgram(code, {
      host: {
        finished: () => {
          resolve(performance.now() - start);
          run.stop();
        },
      },
      onFinish: () => {},
    });
    setTimeout(() => {
      start = performance.now();
      run.dispatch('key:space');
    }, 20);
  });
}

export async function run() {
  await timed(loop(TIMES)); // warm-up: the first pass runs before the JIT has compiled the interpreter
  const sliced = await timed(loop(TIMES));
  const whole = await timed(loop(TIMES), unsliced);
  // The script takes the same steps as the loop alone (its function call and `finished` aside).
  const shared = { steps: sliced.steps, ms: await besideEndlessLoop(TIMES) };
  const perSec = ({ steps, ms }: { steps: number; ms: number }) => steps / (ms / 1000);
  const note = `${sliced.steps.toLocaleString('en-US')} steps`;
  return [
    { label: 'steps/s through program-runner (8 ms slices)', value: perSec(sliced), unit: 'steps/s', note },
    { label: 'steps/s, 100,000-step slices', value: perSec(whole), unit: 'steps/s', note },
    {
      label: 'steps/s of a key script beside while(true)',
      value: perSec(shared),
      unit: 'steps/s',
      note: 'the script’s own steps; the endless loop gets the other slices',
    },
  ];
}
