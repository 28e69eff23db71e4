import { describe, expect, it } from 'vitest';
import { runProgram, type RunOutcome, type Scheduler } from './program-runner.ts';

/** A scheduler the test drives: nothing runs until `tick` runs the next queued slice. */
function manualScheduler() {
  const queue: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  let clock = 0;
  const scheduler: Scheduler = {
    // Every look at the clock finds it 1 ms later, so a slice of steps ends as it would in a browser.
    now: () => clock++,
    later: (fn, ms) => {
      const entry = { fn, ms, cancelled: false };
      queue.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  return {
    scheduler,
    advance: (ms: number) => {
      clock += ms;
    },
    pending: () => queue.filter((e) => !e.cancelled).length,
    delays: () => queue.map((e) => e.ms),
    tick: () => {
      const next = queue.shift();
      if (next && !next.cancelled) next.fn();
      return next !== undefined;
    },
  };
}

function start(code: string, options: { blockDelayMs?: number } = {}) {
  const timer = manualScheduler();
  const printed: string[] = [];
  const highlighted: (string | null)[] = [];
  const outcomes: RunOutcome[] = [];
  const run = runProgram(code, {
    host: { alert: (text) => void printed.push(String(text)) },
    onHighlight: (id) => highlighted.push(id),
    onFinish: (outcome) => outcomes.push(outcome),
    scheduler: timer.scheduler,
    sliceMs: 5,
    ...options,
  });
  const runAll = (maxTicks = 1000) => {
    for (let i = 0; i < maxTicks && outcomes.length === 0 && timer.tick(); i++) timer.advance(10);
  };
  return { run, timer, printed, highlighted, outcomes, runAll };
}

describe('runProgram', () => {
  it('runs Blockly’s JavaScript and prints through the host, block by block', () => {
    const code = [
      "highlightBlock('print');",
      'window.alert(6 * 7);',
      "highlightBlock('loop');",
      'for (var i = 1; i <= 2; i++) {',
      "  highlightBlock('inner');",
      "  window.alert('line ' + i);",
      '}',
    ].join('\n');
    const { printed, highlighted, outcomes, runAll } = start(code);
    expect(printed).toEqual([]);
    runAll();
    expect(printed).toEqual(['42', 'line 1', 'line 2']);
    expect(outcomes).toEqual([{ kind: 'done' }]);
    expect(highlighted).toEqual(['print', 'loop', 'inner', 'inner', null]);
  });

  it('passes lists to the host as arrays', () => {
    const seen: unknown[] = [];
    const timer = manualScheduler();
    runProgram('show([1, [2, "a"]]);', {
      host: { show: (value) => void seen.push(value) },
      onFinish: () => {},
      scheduler: timer.scheduler,
    });
    timer.tick();
    expect(seen).toEqual([[1, [2, 'a']]]);
  });

  it('gives the page the thread back during an endless loop, and Stop ends it', () => {
    const { run, timer, printed, outcomes } = start(
      "highlightBlock('w');\nwhile (true) {\n  window.alert(1);\n}",
    );
    for (let i = 0; i < 20; i++) {
      // Each slice returns to the caller (the page's event loop) and queues the next one.
      expect(timer.tick()).toBe(true);
      timer.advance(10);
      expect(timer.pending()).toBe(1);
    }
    expect(printed.length).toBeGreaterThan(20);
    expect(outcomes).toEqual([]);
    expect(run.running).toBe(true);

    run.stop();
    expect(outcomes).toEqual([{ kind: 'stopped' }]);
    expect(run.running).toBe(false);
    const count = printed.length;
    // The queued slice was cancelled: nothing more runs, and a second stop reports nothing new.
    while (timer.tick()) timer.advance(10);
    expect(printed.length).toBe(count);
    run.stop();
    expect(outcomes).toHaveLength(1);
  });

  it('reports an error with the block that was running', () => {
    const code = [
      "highlightBlock('first');",
      "window.alert('before');",
      "highlightBlock('broken');",
      'var list = null;',
      'window.alert(list.length);',
      "highlightBlock('never');",
    ].join('\n');
    const { printed, outcomes, runAll } = start(code);
    runAll();
    expect(printed).toEqual(['before']);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ kind: 'error', name: 'TypeError', blockId: 'broken' });
  });

  it('reports an unknown function (a block this studio cannot run) as a ReferenceError on its block', () => {
    const { outcomes, runAll } = start("highlightBlock('robot');\nmoveRobot(3);");
    runAll();
    expect(outcomes[0]).toMatchObject({ kind: 'error', name: 'ReferenceError', blockId: 'robot' });
  });

  it('reports code that does not parse without running anything', () => {
    const { printed, outcomes, runAll } = start("window.alert('a');\nwhile (");
    runAll();
    expect(printed).toEqual([]);
    expect(outcomes[0]).toMatchObject({ kind: 'error', name: 'SyntaxError', blockId: null });
  });

  it('pauses after each block at the chosen speed, and the speed can change while it runs', () => {
    const code = "highlightBlock('a');\nwindow.alert(1);\nhighlightBlock('b');\nwindow.alert(2);";
    const { run, timer, printed, outcomes } = start(code, { blockDelayMs: 300 });
    timer.tick();
    // Paused right after block a started, before its print.
    expect(printed).toEqual([]);
    expect(timer.delays()).toEqual([300]);
    run.setBlockDelay(50);
    timer.tick();
    expect(printed).toEqual(['1']);
    expect(timer.delays()).toEqual([50]);
    timer.tick();
    expect(printed).toEqual(['1', '2']);
    expect(outcomes).toEqual([{ kind: 'done' }]);
  });
});
