/**
 * The micro:bit panel on /embodiment (issue 27 item 4) in Chromium. On this machine's own address the page
 * is a secure context: it says the browser can connect and offers Connect (USB). On a school network's
 * plain-http address (`school.lan`, mapped to this machine) it is not: the panel says why, with the
 * set-up page, keeps Connect off, and still gives the teacher the receiver and the flashing guide. The
 * receiver downloads from the page itself (nothing is fetched). And the whole chain runs against a fake
 * micro:bit on a fake USB port (support/fake-microbit-usb.ts, an init script, so the product has no test
 * switch): the library's DAPLink serial, our protocol, the panel's readings and test buttons; and over a
 * fake Web Bluetooth UART (support/fake-microbit-bluetooth.ts).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { installFakeMicrobitBluetooth } from '../support/fake-microbit-bluetooth.ts';
import { installFakeMicrobitUsb, type FakeMicrobitState } from '../support/fake-microbit-usb.ts';
import { setupE2E } from '../support/harness.ts';
import { signIn } from '../support/sign-in.ts';
import { DEMO_LEARNER, button, eventually, expectEnabled, visible } from '../support/ui.ts';

const SCHOOL_NAME = 'school.lan';

const e2e = setupE2E({ browser: { localNames: [SCHOOL_NAME] } });

describe('the micro:bit panel', () => {
  it('on a plain-http school address says why it cannot connect, and still hands out the receiver', async () => {
    const port = new URL(e2e.baseUrl).port;
    const plainOrigin = `http://${SCHOOL_NAME}:${port}`;
    const page = await e2e.newPage({ baseUrl: plainOrigin });
    await signIn(page, DEMO_LEARNER, { path: '/embodiment', apiOrigin: e2e.baseUrl });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

    const panel = page.getByTestId('microbit-panel');
    await visible(panel.getByRole('heading', { name: 'A real robot: micro:bit' }));
    const notice = panel.getByRole('region', { name: 'Why this cannot start here' });
    await visible(notice.getByText('Connecting hardware needs the secure (https) address'));
    await visible(notice.getByText(`opened the platform over plain http (${plainOrigin})`));
    expect(await notice.getByTestId('device-setup-link').getAttribute('href')).toBe('/setup');
    await visible(panel.getByText('This page is not on a secure address'));
    await expectEnabled(page, button(panel, 'Connect (USB)'), false);
    await expectEnabled(page, button(panel, 'Connect (Bluetooth)'), false);

    // Never a dead end: the receiver and the guide are there.
    await visible(panel.getByTestId('microbit-guide').getByText(/python\.microbit\.org/));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      button(panel, 'Download receiver.py').click(),
    ]);
    expect(download.suggestedFilename()).toBe('receiver.py');
    const source = await readFile(await download.path(), 'utf8');
    expect(source).toContain('from microbit import *');
    expect(source).toContain('print("@HI %d %s" % (PROTOCOL, BOARD))');
  });

  it('on a secure address offers Connect (USB), the board choice and the receiver’s code', async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO_LEARNER, { path: '/embodiment' });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    // Chromium has WebUSB on a secure page (Firefox and Safari do not: the unit test covers that text).
    expect(await page.evaluate(() => 'usb' in navigator)).toBe(true);

    const panel = page.getByTestId('microbit-panel');
    await visible(panel.getByRole('heading', { name: 'A real robot: micro:bit' }));
    expect(await panel.getByTestId('insecure-origin').count()).toBe(0);
    await visible(
      panel.getByTestId('microbit-supported').getByText(/This browser can connect to a micro:bit \(USB/),
    );
    await expectEnabled(page, button(panel, 'Connect (USB)'), true);
    await visible(panel.getByText('Not connected.'));
    await visible(panel.getByText('Motor driver on P13–P16 (L9110 / TB6612 boards)'));
    await panel.getByText('Show the receiver’s code').click();
    await visible(panel.getByTestId('microbit-source').getByText(/def set_motors\(left, right\):/));
  });

  it('drives a micro:bit on a fake USB port through the library: hello, wiring, readings, motors, disconnect', async () => {
    const page = await e2e.newPage();
    await page.addInitScript(installFakeMicrobitUsb);
    await signIn(page, DEMO_LEARNER, { path: '/embodiment' });
    const fake = () =>
      page.evaluate(() => (window as unknown as { fakeMicrobit: FakeMicrobitState }).fakeMicrobit);

    const panel = page.getByTestId('microbit-panel');
    await button(panel, 'Connect (USB)').click();
    await visible(panel.getByText('Connected: the robot is listening.'));
    await visible(panel.getByText('micro:bit V2'));
    expect((await fake()).lines.slice(0, 3)).toEqual(['H', 'C P 13 14 15 16 0 1 2 -1 -1', 'R 100']);

    // The receiver's reports, as the page shows them.
    await visible(panel.getByTestId('reading-buttonA').getByText('pressed'));
    await visible(panel.getByTestId('reading-buttonB').getByText('released'));
    await visible(panel.getByTestId('reading-tilt').getByText('-120, 30'));
    await visible(panel.getByTestId('reading-light').getByText('88'));
    await visible(panel.getByTestId('reading-compass').getByText('not calibrated'));

    await button(panel, 'Forward').click();
    await eventually(fake, (state) => expect(state.motors).toEqual([60, 60]));
    await button(panel, 'Show a heart').click();
    await eventually(fake, (state) => expect(state.display).toBe('HEART'));
    await button(panel, 'Stop').click();
    await eventually(fake, (state) => expect(state.motors).toEqual([0, 0]));
    // The keep-alive feeds the receiver's watchdog while connected.
    await eventually(fake, (state) => expect(state.lines.filter((l) => l === 'P').length).toBeGreaterThan(1));

    await button(panel, 'Disconnect').click();
    await visible(panel.getByText('Disconnected.'));
    expect((await fake()).lines.at(-1)).toBe('S');
  });

  it('says so when the micro:bit answers over USB but no receiver does, and points to step 1', async () => {
    const page = await e2e.newPage();
    await page.addInitScript(installFakeMicrobitUsb, { receiver: false });
    await signIn(page, DEMO_LEARNER, { path: '/embodiment' });
    const panel = page.getByTestId('microbit-panel');
    await button(panel, 'Connect (USB)').click();
    await visible(panel.getByText('The micro:bit is connected but no receiver answers.'));
    await visible(panel.getByText('Put the receiver on it (step 1)', { exact: false }));
    const lines = await page.evaluate(
      () => (window as unknown as { fakeMicrobit: FakeMicrobitState }).fakeMicrobit.lines,
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(new Set(lines)).toEqual(new Set(['H']));
    expect(await panel.getByTestId('microbit-readings').count()).toBe(0);
  });

  it('connects over a fake Web Bluetooth UART, in 20-byte writes, and drives the motors', async () => {
    const page = await e2e.newPage();
    await page.addInitScript(installFakeMicrobitBluetooth);
    await signIn(page, DEMO_LEARNER, { path: '/embodiment' });
    const fake = () =>
      page.evaluate(
        () => (window as unknown as { fakeMicrobit: FakeMicrobitState & { writes: number[] } }).fakeMicrobit,
      );
    const panel = page.getByTestId('microbit-panel');
    await button(panel, 'Connect (Bluetooth)').click();
    await visible(panel.getByText('Connected: the robot is listening.'));
    await visible(panel.getByTestId('reading-buttonB').getByText('pressed'));
    await visible(panel.getByTestId('reading-tilt').getByText('250, -40'));
    await button(panel, 'Forward').click();
    await eventually(fake, (state) => expect(state.motors).toEqual([60, 60]));
    const state = await fake();
    expect(state.lines.slice(0, 3)).toEqual(['H', 'C P 13 14 15 16 0 1 2 -1 -1', 'R 100']);
    expect(Math.max(...state.writes)).toBeLessThanOrEqual(20);
    await button(panel, 'Disconnect').click();
    await visible(panel.getByText('Disconnected.'));
  });
});
