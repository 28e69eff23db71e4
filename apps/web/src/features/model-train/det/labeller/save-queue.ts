/**
 * Saving boxes as the student labels: edits wait `delayMs` (more edits restart the wait), then go to the
 * server in one request. Until the server has them they stay in the queue (`pending(id)`), so the page shows
 * them and a failed save loses nothing: the error is reported and the edits are sent again on the next edit
 * or `flush()`.
 */
import type { TrainBox } from '@ai-edu/contract';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error';

export interface SaveState {
  status: SaveStatus;
  /** The last failure's message (status 'error'). */
  error: string | null;
  /** Images with edits the server does not have yet. */
  unsaved: number;
}

export interface BoxUpdate {
  id: number;
  boxes: TrainBox[];
}

export class BoxSaveQueue {
  /** Edits not yet sent (or sent and failed). */
  private readonly waiting = new Map<number, TrainBox[]>();
  /** Edits on their way. */
  private readonly sending = new Map<number, TrainBox[]>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private lastError: string | null = null;

  constructor(
    private readonly save: (updates: BoxUpdate[]) => Promise<void>,
    private readonly onChange: (state: SaveState) => void = () => {},
    private readonly delayMs = 800,
  ) {}

  /** The boxes the page should show for an image while its edit is not saved yet; undefined otherwise. */
  pending(id: number): TrainBox[] | undefined {
    return this.waiting.get(id) ?? this.sending.get(id);
  }

  state(): SaveState {
    const ids = new Set([...this.waiting.keys(), ...this.sending.keys()]);
    let status: SaveStatus = 'saved';
    if (this.lastError && this.waiting.size > 0 && !this.inFlight) status = 'error';
    else if (this.inFlight) status = 'saving';
    else if (this.waiting.size > 0) status = 'pending';
    return { status, error: status === 'error' ? this.lastError : null, unsaved: ids.size };
  }

  set(id: number, boxes: TrainBox[]): void {
    this.waiting.set(id, boxes);
    this.schedule();
    this.onChange(this.state());
  }

  private schedule() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  /** Sends what is waiting now (after the request in flight, if any). Resolves when the queue is idle. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.inFlight) await this.inFlight;
    if (this.waiting.size === 0) return;
    const updates = [...this.waiting].map(([id, boxes]) => ({ id, boxes }));
    this.waiting.clear();
    for (const u of updates) this.sending.set(u.id, u.boxes);
    const run = (async () => {
      try {
        await this.save(updates);
        this.lastError = null;
      } catch (error) {
        this.lastError = error instanceof Error ? error.message : String(error);
        // Back in the queue unless a newer edit of the same image arrived meanwhile.
        for (const u of updates) if (!this.waiting.has(u.id)) this.waiting.set(u.id, u.boxes);
      } finally {
        for (const u of updates) this.sending.delete(u.id);
      }
    })();
    this.inFlight = run;
    this.onChange(this.state());
    await run;
    this.inFlight = null;
    this.onChange(this.state());
    // Edits made while this request was out go next (after their own wait, unless this failed).
    if (this.waiting.size > 0 && !this.lastError) this.schedule();
  }

  /** Stops the timer (edits still waiting are dropped: call flush() first to keep them). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
