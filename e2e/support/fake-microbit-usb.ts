/**
 * A micro:bit on a fake USB port, for `page.addInitScript`: `navigator.usb` answers with one device whose
 * DAPLink interface chip speaks enough CMSIS-DAP for @microbit/microbit-connection to connect (SWD set-up,
 * DP/AP transfers, the unique-ID and serial vendor commands), and whose serial port is our receiver
 * (receiver.py's protocol): it answers hello, keeps the wiring and motors it is told, and reports sensors.
 * `{ receiver: false }`: a micro:bit without our receiver. What it was told is on `window.fakeMicrobit`. Self-contained: Playwright sends the
 * function's source to the page.
 */
export interface FakeMicrobitState {
  lines: string[];
  motors: [number, number];
  display: string;
}

export function installFakeMicrobitUsb(options: { receiver: boolean } = { receiver: true }): void {
  const state: FakeMicrobitState = { lines: [], motors: [0, 0], display: '' };
  (window as unknown as { fakeMicrobit: FakeMicrobitState }).fakeMicrobit = state;
  let serialOut = '';
  let serialIn = '';
  let reporting: ReturnType<typeof setInterval> | undefined;
  const say = (text: string) => {
    serialOut += text;
  };
  const runLine = (line: string) => {
    state.lines.push(line);
    // A micro:bit without our receiver (a new one runs its demo program): nothing answers.
    if (!options.receiver) return;
    const [tag, ...args] = line.split(' ');
    if (tag === 'H') say('@HI 1 V2\r\n');
    else if (tag === 'M') state.motors = [Number(args[0]), Number(args[1])];
    else if (tag === 'D' || tag === 'I') state.display = args.join(' ');
    else if (tag === 'S') state.motors = [0, 0];
    else if (tag === 'R' && !reporting) {
      reporting = setInterval(() => say('@S 1 0 -120 30 -1000 -1 88 1 0 -1\r\n'), 100);
    }
  };

  const UNIQUE_ID = '9904360200052820' + '0'.repeat(24) + '97969901';
  const encoder = new TextEncoder();
  const pendingReplies: Uint8Array[] = [];

  function reply(request: Uint8Array): Uint8Array {
    const out = new Uint8Array(64);
    const command = request[0]!;
    out[0] = command;
    const view = new DataView(out.buffer);
    switch (command) {
      case 0x02: // DAP_Connect: SWD
        out[1] = 1;
        break;
      case 0x05: {
        // DAP_Transfer: every operation OK; reads of CTRL/STAT say powered up.
        const count = request[2]!;
        let offset = 3;
        let words = 0;
        for (let i = 0; i < count; i++) {
          const op = request[offset]!;
          offset += 5;
          if (op & 0x02) {
            const isDp = (op & 0x01) === 0;
            const register = op & 0x0c;
            const value = isDp && register === 0x04 ? 0xf0000000 : isDp && register === 0 ? 0x2ba01477 : 0;
            view.setUint32(3 + words * 4, value, true);
            words += 1;
          }
        }
        out[1] = count;
        out[2] = 1;
        break;
      }
      case 0x06: // DAP_TransferBlock
        out[1] = request[2]!;
        out[2] = request[3]!;
        out[3] = 1;
        break;
      case 0x80: {
        const id = encoder.encode(UNIQUE_ID);
        out[1] = id.length;
        out.set(id, 2);
        break;
      }
      case 0x81: // settings: the baud rate
        view.setUint32(1, 115200, true);
        break;
      case 0x83: {
        const bytes = encoder.encode(serialOut.slice(0, 60));
        serialOut = serialOut.slice(60);
        out[1] = bytes.length;
        out.set(bytes, 2);
        break;
      }
      case 0x84: {
        const length = request[1]!;
        serialIn += new TextDecoder().decode(request.slice(2, 2 + length));
        let end: number;
        while ((end = serialIn.indexOf('\n')) >= 0) {
          runLine(serialIn.slice(0, end));
          serialIn = serialIn.slice(end + 1);
        }
        out[1] = length;
        break;
      }
      default:
        out[1] = 0; // DAP_OK for the status commands
    }
    return out;
  }

  const device = {
    vendorId: 0x0d28,
    productId: 0x0204,
    serialNumber: UNIQUE_ID,
    manufacturerName: 'Fake',
    productName: 'BBC micro:bit CMSIS-DAP',
    opened: false,
    configuration: {
      interfaces: [
        {
          interfaceNumber: 0,
          alternates: [
            {
              interfaceClass: 0xff,
              endpoints: [
                { direction: 'in', endpointNumber: 1 },
                { direction: 'out', endpointNumber: 2 },
              ],
            },
          ],
        },
      ],
    },
    async open() {
      device.opened = true;
    },
    async close() {
      device.opened = false;
    },
    async selectConfiguration() {},
    async claimInterface() {},
    async releaseInterface() {},
    async reset() {},
    async transferOut(_endpoint: number, data: BufferSource) {
      const bytes = new Uint8Array(data instanceof ArrayBuffer ? data : (data as ArrayBufferView).buffer);
      pendingReplies.push(reply(bytes));
      return { status: 'ok', bytesWritten: bytes.length };
    },
    async transferIn() {
      const next = pendingReplies.shift() ?? new Uint8Array(64);
      return { status: 'ok', data: new DataView(next.buffer) };
    },
  };

  const usb = {
    async getDevices() {
      return [];
    },
    async requestDevice() {
      return device;
    },
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(Navigator.prototype, 'usb', { get: () => usb, configurable: true });
}
