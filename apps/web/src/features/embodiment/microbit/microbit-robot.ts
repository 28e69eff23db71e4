/**
 * A real micro:bit robot as a RobotBody: the same calls the robot world's robot answers, sent as protocol
 * lines to our receiver (receiver.py) through a RobotTransport, with the receiver's latest sensor report
 * kept for `read`. It says hello until the receiver answers, tells it the board's wiring, throttles and
 * coalesces what a program sends many times a second, keeps the receiver's motor watchdog fed, and tries
 * to reconnect a few times when the connection drops without the user asking.
 */
import { isInsecureContext } from '../../../lib/secure-origin.ts';
import type { RobotBody, RobotSensor } from '../../../lib/robot-world/robot-body.ts';
import type { Board } from './boards.ts';
import {
  brightnessOf,
  encodeCommand,
  midiToHz,
  PROTOCOL_VERSION,
  ReportReader,
  type Command,
  type Icon,
  type Report,
  type SensorReport,
} from './protocol.ts';
import { browserSupports, Listeners, type RobotTransport, type TransportStatus } from './transport.ts';

export type RobotStatus =
  /** Not connected yet. */
  | 'idle'
  /** This browser has no WebUSB / Web Bluetooth. */
  | 'unsupported'
  /** A plain-http page: the browser withholds USB and Bluetooth. */
  | 'insecure'
  | 'connecting'
  /** Connected to the micro:bit, waiting for the receiver to answer hello. */
  | 'waiting'
  /** Connected, but no receiver has answered: it needs flashing once. */
  | 'noReceiver'
  /** A receiver answered that speaks another protocol version: flash the one from this page. */
  | 'oldReceiver'
  | 'connected'
  /** The tab is hidden; the library reconnects when it is shown again. */
  | 'paused'
  | 'reconnecting'
  | 'disconnected'
  | 'error';

export interface MicrobitRobotOptions {
  board: Board;
  /** How long to wait for hello before saying no receiver answers. */
  helloTimeoutMs?: number;
  /** The most often commands go out (they are coalesced in between). */
  sendEveryMs?: number;
  /** The receiver stops the motors after 1.5 s of silence; this keeps it fed. */
  keepAliveMs?: number;
  /** Waits before each reconnection attempt after an unexpected drop. */
  reconnectDelaysMs?: readonly number[];
  /** Where the page runs; defaults to this browser. */
  environment?: { secure: boolean; supported: boolean };
}

export interface RobotState {
  status: RobotStatus;
  /** The library's error code (e.g. device-in-use) when status is error. */
  error: string | null;
  boardVersion: 'V1' | 'V2' | 'unknown' | null;
  sensors: SensorReport | null;
}

const HELLO_EVERY_MS = 1000;

function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string')
    return error.code;
  return error instanceof Error ? error.message : String(error);
}

export class MicrobitRobot implements RobotBody {
  private state: RobotState = { status: 'idle', error: null, boardVersion: null, sensors: null };
  private readonly changes = new Listeners<RobotState>();
  private readonly reader = new ReportReader((report) => this.onReport(report));
  private readonly unsubscribe: Array<() => void> = [];
  private board: Board;
  /** Lines waiting to go out, by key: a newer motors or display command replaces the older one. */
  private readonly outbox = new Map<string, string>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private helloTimer: ReturnType<typeof setInterval> | null = null;
  private helloDeadline: ReturnType<typeof setTimeout> | null = null;
  private keepAliveTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private lastMotors = '';
  private sent = 0;
  private userClosing = false;
  private reconnectAttempt = 0;
  private readonly options: Required<Omit<MicrobitRobotOptions, 'board' | 'environment'>>;
  private readonly environment: { secure: boolean; supported: boolean };

  constructor(
    private readonly transport: RobotTransport,
    options: MicrobitRobotOptions,
  ) {
    this.board = options.board;
    this.options = {
      helloTimeoutMs: options.helloTimeoutMs ?? 4000,
      sendEveryMs: options.sendEveryMs ?? 40,
      keepAliveMs: options.keepAliveMs ?? 500,
      reconnectDelaysMs: options.reconnectDelaysMs ?? [1000, 2000, 4000],
    };
    this.environment = options.environment ?? {
      secure: !isInsecureContext(),
      supported: browserSupports(transport.kind),
    };
    this.unsubscribe.push(
      transport.onData((text) => this.reader.push(text)),
      transport.onStatus((status) => this.onTransportStatus(status)),
      transport.onReset(() => {
        this.reader.reset();
        // The library also ends the serial session when we disconnect: no new hello then.
        if (this.isOpen() && !this.userClosing) this.startHello();
      }),
    );
  }

  get kind() {
    return this.transport.kind;
  }

  getState(): RobotState {
    return this.state;
  }

  onChange(listener: (state: RobotState) => void): () => void {
    return this.changes.add(listener);
  }

  /** The status the page would get before trying: insecure and unsupported need no click to know. */
  precheck(): RobotStatus | null {
    if (!this.environment.secure) return 'insecure';
    if (!this.environment.supported) return 'unsupported';
    return null;
  }

  async connect(): Promise<void> {
    const blocked = this.precheck();
    if (blocked) return this.update({ status: blocked });
    this.userClosing = false;
    this.reconnectAttempt = 0;
    this.update({ status: 'connecting', error: null });
    try {
      await this.transport.connect();
    } catch (error) {
      const code = errorCode(error);
      // Closing the chooser is a choice, not a failure.
      return this.update(
        code === 'no-device-selected' ? { status: 'idle' } : { status: 'error', error: code },
      );
    }
    if (this.state.status === 'connecting') this.startHello();
  }

  async disconnect(): Promise<void> {
    this.userClosing = true;
    this.clearTimers();
    if (this.isOpen()) {
      this.outbox.clear();
      this.send({ kind: 'stop' });
      await this.flush();
    }
    try {
      await this.transport.disconnect();
    } finally {
      this.update({ status: 'disconnected' });
    }
  }

  /** Stops listening and timers; the page calls it when the panel goes away. */
  dispose(): void {
    this.clearTimers();
    for (const off of this.unsubscribe.splice(0)) off();
  }

  setBoard(board: Board): void {
    this.board = board;
    if (this.state.status === 'connected') this.send({ kind: 'board', wiring: board.wiring });
  }

  // RobotBody

  setMotors(left: number, right: number): void {
    const line = encodeCommand({ kind: 'motors', left, right });
    if (line === this.lastMotors) return;
    this.lastMotors = line;
    this.queue('motors', line);
  }

  setLed(colour: string | null): void {
    this.queue('display', encodeCommand({ kind: 'display', brightness: brightnessOf(colour) }));
  }

  beep(note: number, seconds: number): void {
    this.queue('tone', encodeCommand({ kind: 'tone', hz: midiToHz(note), ms: seconds * 1000 }));
  }

  read(sensor: RobotSensor): number {
    const s = this.state.sensors;
    if (!s) return 0;
    switch (sensor) {
      case 'buttonA':
        return s.buttonA ? 1 : 0;
      case 'buttonB':
        return s.buttonB ? 1 : 0;
      case 'lineLeft':
      case 'lineRight': {
        const raw = s[sensor];
        return raw !== null && raw === this.board.lineDarkReads ? 1 : 0;
      }
      case 'distance':
        return s.distance === null ? 0 : Math.min(200, s.distance);
      case 'compass':
        return s.compass ?? 0;
      case 'bump':
        return 0;
      default:
        return s[sensor];
    }
  }

  // Extras the panel's test buttons use

  showIcon(icon: Icon): void {
    this.queue('display', encodeCommand({ kind: 'icon', icon }));
  }

  calibrateCompass(): void {
    this.send({ kind: 'calibrate' });
  }

  stop(): void {
    this.lastMotors = encodeCommand({ kind: 'motors', left: 0, right: 0 });
    this.outbox.delete('motors');
    this.send({ kind: 'stop' });
  }

  // Internals

  private update(patch: Partial<RobotState>): void {
    this.state = { ...this.state, ...patch };
    this.changes.emit(this.state);
  }

  private isOpen(): boolean {
    return ['waiting', 'noReceiver', 'oldReceiver', 'connected'].includes(this.state.status);
  }

  private send(command: Command): void {
    // Its own key: a one-off command is never replaced by the next one.
    this.queue(`once:${this.sent++}`, encodeCommand(command));
  }

  private queue(key: string, line: string): void {
    if (!this.isOpen()) return;
    this.outbox.set(key, line);
    this.flushTimer ??= setTimeout(() => void this.flush(), this.options.sendEveryMs);
  }

  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.outbox.size === 0) return this.writing;
    const text = [...this.outbox.values()].join('');
    this.outbox.clear();
    // One write at a time, in order; a failed write shows up as the transport's status, not here.
    this.writing = this.writing.then(() => this.transport.write(text)).catch(() => undefined);
    return this.writing;
  }

  private writeNow(command: Command): void {
    const line = encodeCommand(command);
    this.writing = this.writing.then(() => this.transport.write(line)).catch(() => undefined);
  }

  private startHello(): void {
    this.stopHello();
    this.update({ status: 'waiting' });
    this.writeNow({ kind: 'hello' });
    this.helloTimer = setInterval(() => this.writeNow({ kind: 'hello' }), HELLO_EVERY_MS);
    this.helloDeadline = setTimeout(() => {
      if (this.state.status === 'waiting') this.update({ status: 'noReceiver' });
    }, this.options.helloTimeoutMs);
  }

  private stopHello(): void {
    if (this.helloTimer) clearInterval(this.helloTimer);
    if (this.helloDeadline) clearTimeout(this.helloDeadline);
    this.helloTimer = this.helloDeadline = null;
  }

  private onReport(report: Report): void {
    if (report.kind === 'hello') {
      if (!this.isOpen()) return;
      this.stopHello();
      if (report.protocol !== PROTOCOL_VERSION) {
        return this.update({ status: 'oldReceiver', boardVersion: report.board });
      }
      // Also after a reset of the micro:bit: the receiver has forgotten the wiring, tell it again.
      this.update({ status: 'connected', boardVersion: report.board });
      this.lastMotors = '';
      this.send({ kind: 'board', wiring: this.board.wiring });
      this.send({ kind: 'reportEvery', ms: 100 });
      this.startKeepAlive();
    } else if (report.kind === 'sensors') {
      this.update({ sensors: report.sensors });
    }
  }

  private startKeepAlive(): void {
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    this.keepAliveTimer = setInterval(() => {
      if (this.state.status === 'connected') this.writeNow({ kind: 'keepAlive' });
    }, this.options.keepAliveMs);
  }

  private onTransportStatus(status: TransportStatus): void {
    if (status === 'connected') {
      if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
      this.reconnectAttempt = 0;
      if (!this.isOpen()) this.startHello();
    } else if (status === 'paused') {
      this.clearTimers();
      this.update({ status: 'paused' });
    } else if (status === 'disconnected') {
      // Before the first connection, or while a reconnection attempt is already counted, nothing to add.
      if (['connecting', 'idle', 'reconnecting'].includes(this.state.status)) return;
      this.clearTimers();
      if (this.userClosing) return this.update({ status: 'disconnected' });
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    const delay = this.options.reconnectDelaysMs[this.reconnectAttempt];
    if (delay === undefined) return this.update({ status: 'disconnected' });
    this.reconnectAttempt += 1;
    this.update({ status: 'reconnecting' });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.transport.connect().then(
        () => {
          if (this.state.status === 'reconnecting') this.startHello();
        },
        () => {
          if (!this.userClosing) this.scheduleReconnect();
        },
      );
    }, delay);
  }

  private clearTimers(): void {
    this.stopHello();
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.keepAliveTimer = this.flushTimer = this.reconnectTimer = null;
  }
}
