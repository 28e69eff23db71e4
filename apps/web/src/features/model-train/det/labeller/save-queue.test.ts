import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BoxSaveQueue, type BoxUpdate, type SaveState } from './save-queue.ts';

const box = (x: number) => ({ label: 'a', x, y: 0, w: 5, h: 5 });

describe('BoxSaveQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits, then sends the latest edit of each image in one request', async () => {
    const sent: BoxUpdate[][] = [];
    const states: SaveState[] = [];
    const queue = new BoxSaveQueue(
      async (u) => void sent.push(u),
      (s) => states.push(s),
      500,
    );
    queue.set(1, [box(1)]);
    queue.set(1, [box(2)]);
    queue.set(2, []);
    expect(queue.state()).toEqual({ status: 'pending', error: null, unsaved: 2 });
    expect(queue.pending(1)).toEqual([box(2)]);
    await vi.advanceTimersByTimeAsync(499);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      [
        { id: 1, boxes: [box(2)] },
        { id: 2, boxes: [] },
      ],
    ]);
    expect(queue.state()).toEqual({ status: 'saved', error: null, unsaved: 0 });
    expect(queue.pending(1)).toBeUndefined();
    expect(states.map((s) => s.status)).toContain('saving');
  });

  it('keeps failed edits, reports the error and sends them again on flush', async () => {
    let fail = true;
    const sent: BoxUpdate[][] = [];
    const queue = new BoxSaveQueue(
      async (u) => {
        sent.push(u);
        if (fail) throw new Error('server said no');
      },
      undefined,
      100,
    );
    queue.set(7, [box(3)]);
    await vi.advanceTimersByTimeAsync(100);
    expect(queue.state()).toEqual({ status: 'error', error: 'server said no', unsaved: 1 });
    expect(queue.pending(7)).toEqual([box(3)]);
    // No retry loop on its own.
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(1);
    fail = false;
    await queue.flush();
    expect(sent).toHaveLength(2);
    expect(queue.state().status).toBe('saved');
  });

  it('does not let a failed older edit overwrite a newer one', async () => {
    let release: (() => void) | null = null;
    const sent: BoxUpdate[][] = [];
    const queue = new BoxSaveQueue(
      (u) =>
        new Promise<void>((resolve, reject) => {
          sent.push(u);
          release = sent.length === 1 ? () => reject(new Error('x')) : resolve;
        }),
      undefined,
      10,
    );
    queue.set(1, [box(1)]);
    await vi.advanceTimersByTimeAsync(10);
    expect(queue.state().status).toBe('saving');
    queue.set(1, [box(9)]);
    release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.pending(1)).toEqual([box(9)]);
    const done = queue.flush();
    await vi.advanceTimersByTimeAsync(0);
    release!();
    await done;
    expect(sent[1]).toEqual([{ id: 1, boxes: [box(9)] }]);
    expect(queue.state().status).toBe('saved');
  });
});
