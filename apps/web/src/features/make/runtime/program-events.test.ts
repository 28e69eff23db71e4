/** The runner's waits (async host functions) and events (key presses, sprite clicks start scripts). */
import { describe, expect, it } from 'vitest';
import { runProgram, type AsyncHostFunction, type RunOutcome, type Scheduler } from './program-runner.ts';

/** Timers the test drives, and a `wait` whose promises the test settles. */
function harness(code: string) {
  const queue: { fn: () => void; cancelled: boolean }[] = [];
  let clock = 0;
  const scheduler: Scheduler = {
    now: () => clock++,
    later: (fn) => {
      const entry = { fn, cancelled: false };
      queue.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  const said: string[] = [];
  const outcomes: RunOutcome[] = [];
  const waits: { seconds: unknown; resolve: (value?: unknown) => void }[] = [];
  const wait: AsyncHostFunction = (seconds) => new Promise((resolve) => waits.push({ seconds, resolve }));
  const run = runProgram(code, {
    host: { say: (text) => void said.push(String(text)) },
    asyncHost: { wait, prompt: () => Promise.resolve('Ada') },
    onFinish: (outcome) => outcomes.push(outcome),
    scheduler,
    sliceMs: 5,
  });
  /** Runs queued slices until none is left (an idle run schedules none). */
  const drain = (max = 1000) => {
    for (let i = 0; i < max; i++) {
      const next = queue.shift();
      if (!next) return;
      if (!next.cancelled) next.fn();
    }
  };
  const pending = () => queue.filter((e) => !e.cancelled).length;
  /** Lets settled promises call back (they run on the microtask queue). */
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return { run, said, outcomes, waits, drain, pending, flush };
}

describe('async host functions', () => {
  it('pause the script without scheduling slices, and resume it when the promise settles', async () => {
    const h = harness("say('before');\nwait(0.5);\nsay('after');");
    h.drain();
    expect(h.said).toEqual(['before']);
    expect(h.waits.map((w) => w.seconds)).toEqual([0.5]);
    // Waiting: nothing is queued, so the page's event loop is not kept busy.
    expect(h.pending()).toBe(0);
    expect(h.outcomes).toEqual([]);
    h.waits[0]?.resolve();
    await h.flush();
    h.drain();
    expect(h.said).toEqual(['before', 'after']);
    expect(h.outcomes).toEqual([{ kind: 'done' }]);
  });

  it('hand their result to the program (the question block’s answer)', async () => {
    const h = harness("var name = prompt('Your name?');\nsay('Hi ' + name);");
    h.drain();
    await h.flush();
    h.drain();
    expect(h.said).toEqual(['Hi Ada']);
  });

  it('end at once when Stop comes during a wait, and the late answer changes nothing', async () => {
    const h = harness("wait(10);\nsay('too late');");
    h.drain();
    h.run.stop();
    expect(h.outcomes).toEqual([{ kind: 'stopped' }]);
    h.waits[0]?.resolve();
    await h.flush();
    h.drain();
    expect(h.said).toEqual([]);
    expect(h.outcomes).toHaveLength(1);
  });
});

describe('events', () => {
  const program = [
    "say('start');",
    "onEvent('key:space', function () { say('jump'); });",
    "onEvent('click:sprite', function () { say('ouch'); wait(1); say('better'); });",
  ].join('\n');

  it('keep the run alive after the top level ends, and start their scripts', async () => {
    const h = harness(program);
    h.drain();
    expect(h.said).toEqual(['start']);
    expect(h.outcomes).toEqual([]);
    expect(h.run.running).toBe(true);

    expect(h.run.dispatch('key:space')).toBe(true);
    h.drain();
    expect(h.said).toEqual(['start', 'jump']);
    expect(h.run.dispatch('key:a')).toBe(false);

    expect(h.run.dispatch('click:sprite')).toBe(true);
    h.drain();
    // One run at a time per event: a second click while the first script waits starts nothing.
    expect(h.run.dispatch('click:sprite')).toBe(false);
    // Other events run while a script waits.
    h.run.dispatch('key:space');
    h.drain();
    expect(h.said).toEqual(['start', 'jump', 'ouch', 'jump']);
    h.waits[0]?.resolve();
    await h.flush();
    h.drain();
    expect(h.said.at(-1)).toBe('better');
    expect(h.run.dispatch('click:sprite')).toBe(true);

    h.run.stop();
    expect(h.outcomes).toEqual([{ kind: 'stopped' }]);
    expect(h.run.dispatch('key:space')).toBe(false);
  });

  it('run beside an endless top-level loop, sharing its variables', () => {
    const h = harness(
      [
        'var count = 0;',
        "onEvent('key:up', function () { say('count is ' + (count > 0)); });",
        'while (true) { count = count + 1; }',
      ].join('\n'),
    );
    for (let i = 0; i < 3; i++) {
      const next = h.pending();
      expect(next).toBe(1);
      h.drain(1);
    }
    h.run.dispatch('key:up');
    h.drain(5);
    expect(h.said).toEqual(['count is true']);
    h.run.stop();
  });

  it('report an error in an event script with its outcome', () => {
    const h = harness("onEvent('key:x', function () { var a = null; a.b = 1; });");
    h.drain();
    h.run.dispatch('key:x');
    h.drain();
    expect(h.outcomes[0]).toMatchObject({ kind: 'error', name: 'TypeError' });
  });

  it('share a slice between scripts, and a frozen clock still ends the slice at the step cap', () => {
    const queue: (() => void)[] = [];
    const said: string[] = [];
    const run = runProgram(
      ["onEvent('key:a', function () { while (true) { say('a'); } });", "while (true) { say('top'); }"].join(
        '\n',
      ),
      {
        host: { say: (text) => void said.push(String(text)) },
        onFinish: () => {},
        // A clock that never moves: only the step cap can end a slice.
        scheduler: { now: () => 0, later: (fn) => (queue.push(fn), () => {}) },
      },
    );
    queue.shift()?.();
    expect(queue).toHaveLength(1);
    run.dispatch('key:a');
    said.length = 0;
    queue.shift()?.();
    // Both endless scripts advanced within the one slice, which ended by itself.
    expect(said).toContain('a');
    expect(said).toContain('top');
    expect(queue.length).toBeGreaterThanOrEqual(1);
    run.stop();
  });
});
