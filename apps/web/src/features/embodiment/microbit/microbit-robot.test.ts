import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROBOT_SENSORS } from '../../../lib/robot-world/robot-body.ts';
import { BOARDS } from './boards.ts';
import { FakeMicrobit, type FakeMicrobitOptions } from './fake-microbit.ts';
import { MicrobitRobot, type MicrobitRobotOptions } from './microbit-robot.ts';

const HERE = { secure: true, supported: true };

function robotWith(fake: FakeMicrobitOptions = {}, options: Partial<MicrobitRobotOptions> = {}) {
  const device = new FakeMicrobit(fake);
  const robot = new MicrobitRobot(device, { board: BOARDS.maqueen, environment: HERE, ...options });
  const statuses: string[] = [];
  robot.onChange((s) => {
    if (statuses.at(-1) !== s.status) statuses.push(s.status);
  });
  return { device, robot, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('MicrobitRobot against a fake micro:bit', () => {
  it('says hello, then tells the receiver the board and the report period', async () => {
    const { device, robot, statuses } = robotWith();
    await robot.connect();
    await vi.advanceTimersByTimeAsync(100);
    expect(statuses).toEqual(['connecting', 'waiting', 'connected']);
    expect(robot.getState().boardVersion).toBe('V2');
    expect(device.received.slice(0, 3)).toEqual(['H', 'C I -1 -1 -1 -1 16 13 14 1 2', 'R 100']);
    expect(device.wiring[0]).toBe('I');
    expect(device.reportMs).toBe(100);
  });

  it('drives motors, the display and the speaker; coalesces a busy program to the latest values', async () => {
    const { device, robot } = robotWith();
    await robot.connect();
    await vi.advanceTimersByTimeAsync(100);
    const before = device.written.length;
    for (let i = 0; i <= 50; i++) robot.setMotors(i, -i);
    robot.setLed('#ff0000');
    robot.beep(69, 0.25);
    await vi.advanceTimersByTimeAsync(50);
    expect(device.motors).toEqual([50, -50]);
    expect(device.display).toBe('9');
    expect(device.tones).toEqual([[440, 250]]);
    // Fifty-one motor calls went out as one write together with the LED and the tone.
    expect(device.written.length - before).toBe(1);
    expect(device.received.filter((l) => l.startsWith('M '))).toEqual(['M 50 -50']);

    robot.setLed(null);
    robot.showIcon('HEART');
    await vi.advanceTimersByTimeAsync(50);
    expect(device.display).toBe('HEART');
    robot.stop();
    await vi.advanceTimersByTimeAsync(50);
    expect(device.motors).toEqual([0, 0]);
  });

  it('reads the latest report through RobotBody.read, 0 for what the board lacks', async () => {
    const { device, robot } = robotWith();
    await robot.connect();
    await vi.advanceTimersByTimeAsync(100);
    for (const sensor of ROBOT_SENSORS) expect(robot.read(sensor), sensor).toBe(0);
    device.say('@S 1 0 -200 30 -1000 9');
    device.say('0 120 1 0 250\r\n');
    expect(robot.read('buttonA')).toBe(1);
    expect(robot.read('buttonB')).toBe(0);
    expect(robot.read('accelX')).toBe(-200);
    expect(robot.read('accelY')).toBe(30);
    expect(robot.read('accelZ')).toBe(-1000);
    expect(robot.read('compass')).toBe(90);
    expect(robot.read('light')).toBe(120);
    expect(robot.read('lineLeft')).toBe(1);
    expect(robot.read('lineRight')).toBe(0);
    expect(robot.read('distance')).toBe(200);
    expect(robot.read('bump')).toBe(0);
    device.report([0, 1, 0, 0, 0, -1, 0, -1, -1, -1]);
    expect(robot.read('compass')).toBe(0);
    expect(robot.read('lineLeft')).toBe(0);
    expect(robot.read('buttonB')).toBe(1);
  });

  it('keeps the receiver watchdog fed while connected', async () => {
    const { device, robot } = robotWith();
    await robot.connect();
    await vi.advanceTimersByTimeAsync(1600);
    expect(device.received.filter((l) => l === 'P').length).toBeGreaterThanOrEqual(3);
  });

  it('says when no receiver answers, and connects when one starts later', async () => {
    const { device, robot, statuses } = robotWith({ receiver: false });
    await robot.connect();
    await vi.advanceTimersByTimeAsync(4500);
    expect(statuses.at(-1)).toBe('noReceiver');
    expect(device.received.filter((l) => l === 'H').length).toBeGreaterThanOrEqual(4);
    // The teacher flashes the receiver: it greets on start.
    device.say('@HI 1 V1\r\n');
    await vi.advanceTimersByTimeAsync(100);
    expect(statuses.at(-1)).toBe('connected');
    expect(robot.getState().boardVersion).toBe('V1');
  });

  it('tells an old receiver apart', async () => {
    const { robot } = robotWith({ protocol: 0 });
    await robot.connect();
    await vi.advanceTimersByTimeAsync(100);
    expect(robot.getState().status).toBe('oldReceiver');
  });

  it('sends the wiring again after the micro:bit resets', async () => {
    const { device, robot } = robotWith();
    await robot.connect();
    await vi.advanceTimersByTimeAsync(100);
    device.reboot();
    expect(device.wiring).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(device.wiring[0]).toBe('I');
    expect(robot.getState().status).toBe('connected');
  });

  it('sends a new board choice to a connected receiver', async () => {
    const { device, robot } = robotWith();
    await robot.connect();
    await vi.advanceTimersByTimeAsync(100);
    robot.setBoard(BOARDS['move-mini']);
    await vi.advanceTimersByTimeAsync(50);
    expect(device.wiring.slice(0, 3)).toEqual(['S', '1', '2']);
  });

  it('reconnects politely after an unexpected drop, and gives up after its attempts', async () => {
    const { device, robot, statuses } = robotWith({}, { reconnectDelaysMs: [1000, 2000] });
    await robot.connect();
    await vi.advanceTimersByTimeAsync(100);
    device.unplug();
    expect(robot.getState().status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1100);
    expect(robot.getState().status).toBe('connected');
    expect(device.connects).toBe(2);

    device.connectError = 'device-disconnected';
    device.unplug();
    await vi.advanceTimersByTimeAsync(5000);
    expect(device.connects).toBe(4);
    expect(statuses.at(-1)).toBe('disconnected');
  });

  it('stops the robot and does not reconnect when the user disconnects', async () => {
    const { device, robot } = robotWith();
    await robot.connect();
    await vi.advanceTimersByTimeAsync(100);
    robot.setMotors(80, 80);
    await vi.advanceTimersByTimeAsync(50);
    expect(device.motors).toEqual([80, 80]);
    await robot.disconnect();
    expect(device.motors).toEqual([0, 0]);
    expect(device.received.at(-1)).toBe('S');
    await vi.advanceTimersByTimeAsync(10_000);
    // The serial session's end during the disconnect does not start a new hello.
    expect(device.received.at(-1)).toBe('S');
    expect(robot.getState().status).toBe('disconnected');
    expect(device.connects).toBe(1);
    // Nothing goes out while disconnected.
    const written = device.written.length;
    robot.setMotors(10, 10);
    await vi.advanceTimersByTimeAsync(100);
    expect(device.written.length).toBe(written);
  });

  it('does not try on a plain-http page or a browser without WebUSB', async () => {
    const insecure = robotWith({}, { environment: { secure: false, supported: false } });
    await insecure.robot.connect();
    expect(insecure.robot.getState().status).toBe('insecure');
    const unsupported = robotWith({}, { environment: { secure: true, supported: false } });
    await unsupported.robot.connect();
    expect(unsupported.robot.getState().status).toBe('unsupported');
    expect(insecure.device.connects + unsupported.device.connects).toBe(0);
  });

  it('treats a closed chooser as no choice and other failures as errors', async () => {
    const cancelled = robotWith({ connectError: 'no-device-selected' });
    await cancelled.robot.connect();
    expect(cancelled.robot.getState().status).toBe('idle');
    const busy = robotWith({ connectError: 'device-in-use' });
    await busy.robot.connect();
    expect(busy.robot.getState()).toMatchObject({ status: 'error', error: 'device-in-use' });
  });
});
