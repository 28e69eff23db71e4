/**
 * The byte pipe MicrobitRobot talks through: USB serial or Bluetooth UART from the micro:bit Foundation's
 * @microbit/microbit-connection, or a fake device in tests. The library is loaded only when the teacher
 * connects, so the page does not carry it until then.
 */
import type { MicrobitBluetoothConnection } from '@microbit/microbit-connection/bluetooth';
import type { MicrobitUSBConnection } from '@microbit/microbit-connection/usb';

export type TransportKind = 'usb' | 'bluetooth';
export type TransportStatus = 'connecting' | 'connected' | 'paused' | 'disconnected';

export interface RobotTransport {
  readonly kind: TransportKind;
  /** Asks the browser for the device (a chooser the first time) and opens it; rejects when it cannot. */
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  write(text: string): Promise<void>;
  /** Text from the micro:bit, in pieces of any size. Returns the unsubscribe. */
  onData(listener: (text: string) => void): () => void;
  onStatus(listener: (status: TransportStatus) => void): () => void;
  /** The serial session restarted (the micro:bit was reset or reflashed): earlier state is gone. */
  onReset(listener: () => void): () => void;
}

/** Whether this browser has the API a transport needs (Chrome and Edge on desktop; not Firefox or Safari). */
export function browserSupports(kind: TransportKind): boolean {
  if (typeof navigator === 'undefined') return false;
  return kind === 'usb' ? 'usb' in navigator : 'bluetooth' in navigator;
}

type Listener<T> = (value: T) => void;

/** A tiny listener list, so transports and the robot share one way of subscribing. */
export class Listeners<T> {
  private readonly list = new Set<Listener<T>>();
  add(listener: Listener<T>): () => void {
    this.list.add(listener);
    return () => this.list.delete(listener);
  }
  emit(value: T): void {
    for (const listener of [...this.list]) listener(value);
  }
}

function statusOf(status: string): TransportStatus {
  if (status === 'Connected') return 'connected';
  if (status === 'Connecting') return 'connecting';
  if (status === 'Paused') return 'paused';
  return 'disconnected';
}

/** USB serial through the micro:bit's interface chip (DAPLink), 115200 baud. */
export function usbTransport(): RobotTransport {
  const data = new Listeners<string>();
  const status = new Listeners<TransportStatus>();
  const reset = new Listeners<void>();
  let connection: MicrobitUSBConnection | undefined;

  async function open() {
    if (connection) return connection;
    const { createUSBConnection, DeviceSelectionMode } = await import('@microbit/microbit-connection/usb');
    // UseAnyAllowed: a micro:bit this page was allowed before reconnects without the chooser.
    const created = createUSBConnection({ deviceSelectionMode: DeviceSelectionMode.UseAnyAllowed });
    created.addEventListener('serialdata', (event) => data.emit(event.data));
    created.addEventListener('serialreset', () => reset.emit());
    created.addEventListener('status', (event) => status.emit(statusOf(event.status)));
    await created.initialize();
    connection = created;
    return created;
  }

  return {
    kind: 'usb',
    async connect() {
      await (await open()).connect();
    },
    async disconnect() {
      await connection?.disconnect();
    },
    async write(text) {
      await connection?.serialWrite(text);
    },
    onData: (listener) => data.add(listener),
    onStatus: (listener) => status.add(listener),
    onReset: (listener) => reset.add(listener),
  };
}

/** Bluetooth's UART service takes at most 20 bytes a write. */
const UART_CHUNK = 20;

/** Bluetooth UART (Nordic UART service); needs a receiver with Bluetooth (MicroPython on micro:bit has none). */
export function bluetoothTransport(): RobotTransport {
  const data = new Listeners<string>();
  const status = new Listeners<TransportStatus>();
  const reset = new Listeners<void>();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let connection: MicrobitBluetoothConnection | undefined;

  async function open() {
    if (connection) return connection;
    const { createBluetoothConnection } = await import('@microbit/microbit-connection/bluetooth');
    const created = createBluetoothConnection();
    created.addEventListener('uartdata', (event) => data.emit(decoder.decode(event.value, { stream: true })));
    created.addEventListener('status', (event) => status.emit(statusOf(event.status)));
    await created.initialize();
    connection = created;
    return created;
  }

  return {
    kind: 'bluetooth',
    async connect() {
      await (await open()).connect();
    },
    async disconnect() {
      await connection?.disconnect();
    },
    async write(text) {
      const bytes = encoder.encode(text);
      for (let i = 0; i < bytes.length; i += UART_CHUNK) {
        await connection?.uartWrite(bytes.slice(i, i + UART_CHUNK));
      }
    },
    onData: (listener) => data.add(listener),
    onStatus: (listener) => status.add(listener),
    onReset: (listener) => reset.add(listener),
  };
}
