/**
 * A micro:bit over a fake Web Bluetooth, for `page.addInitScript`: `navigator.bluetooth` finds one device
 * whose GATT server has the Device Information service (model "BBC micro:bit V2") and the Nordic UART
 * service, enough for @microbit/microbit-connection's web path; behind the UART is a receiver speaking our
 * protocol (like the MakeCode receiver). What it was told is on `window.fakeMicrobit`. Self-contained:
 * Playwright sends the function's source to the page.
 */
export function installFakeMicrobitBluetooth(): void {
  const state = { lines: [] as string[], motors: [0, 0] as [number, number], writes: [] as number[] };
  (window as unknown as { fakeMicrobit: typeof state }).fakeMicrobit = state;
  const encoder = new TextEncoder();
  const DEVICE_INFO = '0000180a-0000-1000-8000-00805f9b34fb';
  const MODEL_NUMBER = '00002a24-0000-1000-8000-00805f9b34fb';
  const UART = '6e400001-b5a3-f393-e0a9-e50e24dcca9e';
  const UART_TX = '6e400002-b5a3-f393-e0a9-e50e24dcca9e';
  const UART_RX = '6e400003-b5a3-f393-e0a9-e50e24dcca9e';
  let serialIn = '';
  let reporting: ReturnType<typeof setInterval> | undefined;

  const properties = (notify: boolean) => ({
    broadcast: false,
    read: !notify,
    writeWithoutResponse: !notify,
    write: !notify,
    notify: false,
    indicate: notify,
    authenticatedSignedWrites: false,
    reliableWrite: false,
    writableAuxiliaries: false,
  });

  function characteristic(service: { uuid: string; device: unknown }, uuid: string, notify: boolean) {
    const target = new EventTarget() as EventTarget & Record<string, unknown>;
    return Object.assign(target, {
      uuid,
      service,
      properties: properties(notify),
      value: undefined as DataView | undefined,
      async getDescriptors() {
        return [];
      },
      async readValue() {
        return new DataView(encoder.encode('BBC micro:bit V2').buffer);
      },
      async startNotifications() {
        return target;
      },
      async stopNotifications() {
        return target;
      },
      async writeValueWithoutResponse(value: BufferSource) {
        const bytes = new Uint8Array(
          value instanceof ArrayBuffer ? value : (value as ArrayBufferView).buffer,
        );
        state.writes.push(bytes.length);
        serialIn += new TextDecoder().decode(bytes);
        let end: number;
        while ((end = serialIn.indexOf('\n')) >= 0) {
          run(serialIn.slice(0, end));
          serialIn = serialIn.slice(end + 1);
        }
      },
      async writeValueWithResponse(value: BufferSource) {
        await (
          target as unknown as { writeValueWithoutResponse(v: BufferSource): Promise<void> }
        ).writeValueWithoutResponse(value);
      },
    });
  }

  const device = Object.assign(new EventTarget(), { id: 'fake-microbit', name: 'BBC micro:bit [zatig]' });
  const infoService = { uuid: DEVICE_INFO, device, isPrimary: true };
  const uartService = { uuid: UART, device, isPrimary: true };
  const characteristics: Record<string, ReturnType<typeof characteristic>> = {
    [MODEL_NUMBER]: characteristic(infoService, MODEL_NUMBER, false),
    [UART_TX]: characteristic(uartService, UART_TX, true),
    [UART_RX]: characteristic(uartService, UART_RX, false),
  };
  const serviceOf = (uuid: string) => {
    const service = uuid === DEVICE_INFO ? infoService : uuid === UART ? uartService : null;
    if (!service) throw new DOMException(`No service ${uuid}`, 'NotFoundError');
    const own = Object.values(characteristics).filter((c) => c.service === service);
    return Object.assign(service, {
      async getCharacteristic(id: string) {
        const found = own.find((c) => c.uuid === id);
        if (!found) throw new DOMException(`No characteristic ${id}`, 'NotFoundError');
        return found;
      },
      async getCharacteristics() {
        return own;
      },
    });
  };

  // micro:bit → page: a notification on the TX characteristic, in 20-byte pieces as BLE sends them.
  function say(text: string) {
    const bytes = encoder.encode(text);
    const tx = characteristics[UART_TX]!;
    for (let i = 0; i < bytes.length; i += 20) {
      tx.value = new DataView(bytes.slice(i, i + 20).buffer);
      tx.dispatchEvent(new Event('characteristicvaluechanged'));
    }
  }

  function run(line: string) {
    state.lines.push(line);
    const [tag, ...args] = line.split(' ');
    if (tag === 'H') setTimeout(() => say('@HI 1 V2\n'), 0);
    else if (tag === 'M') state.motors = [Number(args[0]), Number(args[1])];
    else if (tag === 'S') state.motors = [0, 0];
    else if (tag === 'R' && !reporting) {
      reporting = setInterval(() => say('@S 0 1 250 -40 -990 -1 12 -1 -1 -1\n'), 100);
    }
  }

  const gatt = {
    connected: false,
    device,
    async connect() {
      gatt.connected = true;
      return gatt;
    },
    disconnect() {
      gatt.connected = false;
      device.dispatchEvent(new Event('gattserverdisconnected'));
    },
    async getPrimaryService(uuid: string) {
      return serviceOf(uuid);
    },
    async getPrimaryServices() {
      return [serviceOf(DEVICE_INFO), serviceOf(UART)];
    },
  };
  Object.assign(device, { gatt });

  const bluetooth = Object.assign(new EventTarget(), {
    async getAvailability() {
      return true;
    },
    async requestDevice() {
      return device;
    },
    async getDevices() {
      return [device];
    },
  });
  Object.defineProperty(Navigator.prototype, 'bluetooth', { get: () => bluetooth, configurable: true });
}
