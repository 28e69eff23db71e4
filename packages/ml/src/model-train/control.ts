/**
 * Pause / resume / stop of a training, checked between batches. The worker owns a `TrainSwitch` and flips it
 * when the page's buttons are pressed; the trainers only see the `TrainControl` side.
 */
export interface TrainControl {
  shouldStop(): boolean;
  /** Resolves at once when not paused; otherwise when resumed or stopped. */
  waitWhilePaused(): Promise<void>;
}

export const NO_CONTROL: TrainControl = { shouldStop: () => false, waitWhilePaused: async () => {} };

export class TrainSwitch implements TrainControl {
  private stopped = false;
  private paused = false;
  private waiters: (() => void)[] = [];

  pause(): void {
    if (!this.stopped) this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.release();
  }

  stop(): void {
    this.stopped = true;
    this.paused = false;
    this.release();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  shouldStop(): boolean {
    return this.stopped;
  }

  waitWhilePaused(): Promise<void> {
    if (!this.paused) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }
}
