/**
 * A fake micro:bit for tests: a RobotTransport whose far end behaves like receiver.py (it answers hello,
 * keeps the wiring, motors, display and tones it is told, and sends sensor reports when asked to), so
 * MicrobitRobot is tested against the protocol rather than against its own calls.
 */
import { Listeners, type RobotTransport, type TransportKind, type TransportStatus } from './transport.ts';

export interface FakeMicrobitOptions {
  kind?: TransportKind;
  /** False: a micro:bit without our receiver (it never answers). */
  receiver?: boolean;
  protocol?: number;
  /** Rejects connect with this library error code. */
  connectError?: string;
}

export class FakeMicrobit implements RobotTransport {
  readonly kind: TransportKind;
  readonly written: string[] = [];
  readonly received: string[] = [];
  motors: [number, number] = [0, 0];
  display = '';
  tones: Array<[number, number]> = [];
  wiring: string[] = [];
  reportMs = 0;
  connects = 0;
  connectError: string | undefined;
  private pending = '';
  private readonly data = new Listeners<string>();
  private readonly status = new Listeners<TransportStatus>();
  private readonly reset = new Listeners<void>();

  constructor(private readonly options: FakeMicrobitOptions = {}) {
    this.kind = options.kind ?? 'usb';
    this.connectError = options.connectError;
  }

  async connect(): Promise<void> {
    this.connects += 1;
    if (this.connectError) throw Object.assign(new Error(this.connectError), { code: this.connectError });
    this.status.emit('connected');
  }

  /** Like the library: the serial session ends (serialreset) before the status says disconnected. */
  async disconnect(): Promise<void> {
    this.reset.emit();
    this.status.emit('disconnected');
  }

  async write(text: string): Promise<void> {
    this.written.push(text);
    this.pending += text;
    let end: number;
    while ((end = this.pending.indexOf('\n')) >= 0) {
      const line = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 1);
      this.received.push(line);
      this.run(line);
    }
  }

  onData = (listener: (text: string) => void) => this.data.add(listener);
  onStatus = (listener: (status: TransportStatus) => void) => this.status.add(listener);
  onReset = (listener: () => void) => this.reset.add(listener);

  /** The micro:bit sends text (cut anywhere, as serial does). */
  say(text: string): void {
    this.data.emit(text);
  }

  /** A sensor report as the receiver prints it. */
  report(fields: number[]): void {
    this.say(`@S ${fields.join(' ')}\r\n`);
  }

  /** The cable is pulled out. */
  unplug(): void {
    this.status.emit('disconnected');
  }

  /** The micro:bit resets: the receiver forgets the wiring and greets again. */
  reboot(): void {
    this.wiring = [];
    this.reset.emit();
  }

  private run(line: string): void {
    if (this.options.receiver === false) return;
    const [tag, ...args] = line.split(' ');
    const n = args.map(Number);
    if (tag === 'H') this.say(`@HI ${this.options.protocol ?? 1} V2\r\n`);
    else if (tag === 'C') this.wiring = args;
    else if (tag === 'M') this.motors = [n[0]!, n[1]!];
    else if (tag === 'D' || tag === 'I') this.display = args.join(' ');
    else if (tag === 'T') this.tones.push([n[0]!, n[1]!]);
    else if (tag === 'R') this.reportMs = n[0]!;
    else if (tag === 'S') {
      this.motors = [0, 0];
      this.display = '';
    }
  }
}
