/**
 * The server's built-in speech engine: eSpeak NG in a child process of its own (espeak-runner.mjs), which
 * keeps the GPL-3.0-or-later program apart from ours — they only exchange messages.
 *
 * One runner, started on the first request (compiling the engine takes a moment, and most servers never
 * need it) and reused; requests take turns, each with a deadline. A runner that dies or overruns is killed
 * and the next request starts a fresh one. It stops after a while without work, and on server close.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ESPEAK_FILES, espeakArguments, type EspeakJob } from './espeak-args.ts';

const RUNNER = fileURLToPath(new URL('./espeak-runner.mjs', import.meta.url));

export interface EspeakEngineOptions {
  /** Longest one synthesis may take once the runner has it. */
  timeoutMs?: number;
  /** Longest the runner may take to start (it compiles an 18 MB WebAssembly module). */
  startTimeoutMs?: number;
  /** The runner is stopped after this long without work. */
  idleMs?: number;
  /** Requests waiting beyond this many are refused at once rather than left to time out. */
  maxWaiting?: number;
}

export interface SpeechSound {
  wav: Buffer;
  /** eSpeak's phoneme mnemonics, one line per clause. */
  phonemes: string;
}

/** The engine could not answer (busy, crashed, timed out, closed); the route says so as a 503. */
export class SpeechEngineError extends Error {
  override name = 'SpeechEngineError';
}

class RunnerStopped extends SpeechEngineError {}

type RunnerReply =
  | { type: 'ready' }
  | { id: number; ok: true; wav: Uint8Array; phonemes: string }
  | { id: number; ok: false; error: string };

export class EspeakEngine {
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly idleMs: number;
  private readonly maxWaiting: number;
  private runner?: ChildProcess;
  private starting?: Promise<ChildProcess>;
  /** Requests take turns: each waits for the one before it. */
  private turn: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private nextId = 1;
  private idleTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(options: EspeakEngineOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 30_000;
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.maxWaiting = options.maxWaiting ?? 16;
  }

  /** The runner's process id while one is running (tests kill it to see the engine recover). */
  get pid(): number | undefined {
    return this.runner?.pid;
  }

  synthesise(job: EspeakJob): Promise<SpeechSound> {
    if (this.closed) return Promise.reject(new SpeechEngineError('the speech engine is closed'));
    if (this.waiting >= this.maxWaiting) {
      return Promise.reject(new SpeechEngineError('the speech engine is busy'));
    }
    this.waiting++;
    const result = this.turn.then(() => this.runWithRetry(job));
    this.turn = result.catch(() => undefined);
    return result.finally(() => {
      this.waiting--;
      if (this.waiting === 0) this.scheduleIdleStop();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.stopRunner();
  }

  /**
   * A runner that died between two requests is only noticed when the next one is sent: that request is
   * tried once more on a fresh runner. A timeout is not retried (the text itself may be what is slow).
   */
  private async runWithRetry(job: EspeakJob): Promise<SpeechSound> {
    try {
      return await this.runOne(job);
    } catch (error) {
      if (!(error instanceof RunnerStopped) || this.closed) throw error;
      return this.runOne(job);
    }
  }

  private async runOne(job: EspeakJob): Promise<SpeechSound> {
    clearTimeout(this.idleTimer);
    if (this.closed) throw new SpeechEngineError('the speech engine is closed');
    const runner = await this.startRunner();
    const id = this.nextId++;
    return new Promise<SpeechSound>((resolve, reject) => {
      const finish = (error?: Error, sound?: SpeechSound) => {
        clearTimeout(timer);
        runner.off('message', onMessage);
        runner.off('exit', onExit);
        if (error) reject(error);
        else resolve(sound!);
      };
      const onMessage = (reply: RunnerReply) => {
        if (!('id' in reply) || reply.id !== id) return;
        if (reply.ok) finish(undefined, { wav: Buffer.from(reply.wav), phonemes: reply.phonemes.trim() });
        else finish(new SpeechEngineError(reply.error));
      };
      const onExit = () => finish(new RunnerStopped('the speech engine stopped'));
      // A runner stuck past its deadline is killed: the next request starts a fresh one.
      const timer = setTimeout(() => {
        finish(new SpeechEngineError(`the speech engine took longer than ${this.timeoutMs} ms`));
        runner.kill('SIGKILL');
      }, this.timeoutMs);
      runner.on('message', onMessage);
      runner.once('exit', onExit);
      runner.send({ id, text: job.text, args: espeakArguments(job), files: ESPEAK_FILES }, (error) => {
        if (!error) return;
        this.forget(runner);
        finish(new RunnerStopped(`the speech engine stopped: ${error.message}`));
      });
    });
  }

  private startRunner(): Promise<ChildProcess> {
    // A killed runner closes its message channel before its exit is reported: one whose channel is closed
    // is forgotten now, or the retry would be sent to the same dead process.
    if (this.runner && !this.runner.connected) this.forget(this.runner);
    if (this.starting) return this.starting;
    const starting = new Promise<ChildProcess>((resolve, reject) => {
      // No inherited flags (test runners, loaders): the runner is plain JavaScript.
      const child = fork(RUNNER, [], {
        serialization: 'advanced',
        execArgv: [],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      const fail = (error: Error) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new SpeechEngineError(`the speech engine did not start: ${error.message}`));
      };
      const timer = setTimeout(() => fail(new Error('start timed out')), this.startTimeoutMs);
      child.once('error', fail);
      child.once('exit', (code, signal) => {
        fail(new Error(`exited (${signal ?? code})`));
        if (this.runner === child) this.runner = undefined;
        if (this.starting === starting) this.starting = undefined;
      });
      child.on('message', (reply: RunnerReply) => {
        if ('type' in reply && reply.type === 'ready') {
          clearTimeout(timer);
          this.runner = child;
          resolve(child);
        }
      });
    });
    this.starting = starting;
    // A failed start is forgotten so the next request tries again.
    starting.catch(() => {
      if (this.starting === starting) this.starting = undefined;
    });
    return starting;
  }

  /** Drops a runner that can no longer answer, so the next request starts a fresh one. */
  private forget(child: ChildProcess) {
    if (this.runner !== child) return;
    this.runner = undefined;
    this.starting = undefined;
    child.kill('SIGKILL');
  }

  private scheduleIdleStop() {
    clearTimeout(this.idleTimer);
    if (!this.runner) return;
    this.idleTimer = setTimeout(() => void this.stopRunner(), this.idleMs);
    this.idleTimer.unref();
  }

  private async stopRunner(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    const runner = this.runner ?? (await starting?.catch(() => undefined));
    this.runner = undefined;
    if (!runner || runner.exitCode !== null || runner.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => runner.once('exit', () => resolve()));
    runner.kill('SIGKILL');
    await exited;
  }
}
