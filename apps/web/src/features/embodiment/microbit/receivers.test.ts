/**
 * The two receivers (MicroPython for USB, MakeCode for Bluetooth and USB) cannot run here; this keeps them
 * in step with protocol.ts: every command the page sends has a branch in each, and each sends the reports
 * the page reads, in the field order it parses.
 */
import { describe, expect, it } from 'vitest';
import { encodeCommand, ICONS, PROTOCOL_VERSION, type Command } from './protocol.ts';
import { BOARDS } from './boards.ts';
import makecode from './receiver-makecode.txt?raw';
import python from './receiver.py?raw';

const EVERY_COMMAND: Command[] = [
  { kind: 'hello' },
  { kind: 'board', wiring: BOARDS.maqueen.wiring },
  { kind: 'motors', left: 1, right: 2 },
  { kind: 'display', brightness: 3 },
  { kind: 'icon', icon: 'HEART' },
  { kind: 'tone', hz: 440, ms: 100 },
  { kind: 'calibrate' },
  { kind: 'reportEvery', ms: 100 },
  { kind: 'keepAlive' },
  { kind: 'stop' },
];

describe('the receivers speak protocol.ts', () => {
  it('handle every command tag the page sends', () => {
    for (const command of EVERY_COMMAND) {
      const tag = encodeCommand(command).split(/[ \n]/)[0]!;
      expect(python, `receiver.py ${command.kind}`).toContain(`tag == "${tag}"`);
      expect(makecode, `MakeCode ${command.kind}`).toContain(`tag == "${tag}"`);
    }
  });

  it('greet with this protocol version and report the ten sensor fields in order', () => {
    expect(python).toContain(`PROTOCOL = ${PROTOCOL_VERSION}`);
    expect(makecode).toContain(`const PROTOCOL = ${PROTOCOL_VERSION}`);
    for (const source of [python, makecode]) {
      expect(source).toContain('"@HI ');
      expect(source).toContain('"@S "');
      expect(source).toContain('"@E ');
    }
    const inOrder = (source: string, from: string, needles: string[]) => {
      const positions = needles.map((needle) => source.indexOf(needle, source.indexOf(from)));
      expect(
        positions.every((p) => p > 0),
        from,
      ).toBe(true);
      expect(
        [...positions].sort((a, b) => a - b),
        from,
      ).toEqual(positions);
    };
    inOrder(python, 'fields = (', [
      'button_a',
      'button_b',
      'get_x',
      'get_y',
      'get_z',
      'heading,',
      'read_light_level',
      'line_pins[0]',
      'line_pins[1]',
      'read_distance',
    ]);
    inOrder(makecode, 'const fields = [', [
      'Button.A',
      'Button.B',
      'Dimension.X',
      'Dimension.Y',
      'Dimension.Z',
      'compassHeading',
      'lightLevel',
      'linePins[0]',
      'linePins[1]',
      'readDistance()',
    ]);
  });

  it('the MakeCode receiver shows every icon the page can ask for', () => {
    for (const icon of ICONS) expect(makecode, icon).toContain(`name == "${icon}"`);
  });
});
