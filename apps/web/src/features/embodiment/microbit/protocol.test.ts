import { describe, expect, it } from 'vitest';
import {
  brightnessOf,
  encodeCommand,
  MAX_LINE,
  midiToHz,
  parseReport,
  ReportReader,
  type Report,
} from './protocol.ts';
import { BOARDS } from './boards.ts';

describe('micro:bit protocol: commands', () => {
  it('encodes each command as one line with clamped integers', () => {
    expect(encodeCommand({ kind: 'hello' })).toBe('H\n');
    expect(encodeCommand({ kind: 'motors', left: 150, right: -33.6 })).toBe('M 100 -34\n');
    expect(encodeCommand({ kind: 'motors', left: Number.NaN, right: -1000 })).toBe('M 0 -100\n');
    expect(encodeCommand({ kind: 'display', brightness: 12 })).toBe('D 9\n');
    expect(encodeCommand({ kind: 'icon', icon: 'HEART' })).toBe('I HEART\n');
    expect(encodeCommand({ kind: 'tone', hz: 440.4, ms: 250 })).toBe('T 440 250\n');
    expect(encodeCommand({ kind: 'reportEvery', ms: 1 })).toBe('R 20\n');
    expect(encodeCommand({ kind: 'keepAlive' })).toBe('P\n');
    expect(encodeCommand({ kind: 'stop' })).toBe('S\n');
    expect(encodeCommand({ kind: 'calibrate' })).toBe('K\n');
  });

  it('encodes a board as its drive letter and nine pin fields', () => {
    expect(encodeCommand({ kind: 'board', wiring: BOARDS['pins-p13-p16'].wiring })).toBe(
      'C P 13 14 15 16 0 1 2 -1 -1\n',
    );
    expect(encodeCommand({ kind: 'board', wiring: BOARDS.maqueen.wiring })).toBe(
      'C I -1 -1 -1 -1 16 13 14 1 2\n',
    );
    expect(encodeCommand({ kind: 'board', wiring: BOARDS['move-mini'].wiring })).toBe(
      'C S 1 2 -1 -1 0 -1 -1 -1 -1\n',
    );
  });

  it('turns MIDI notes into hertz and LED colours into display brightness', () => {
    expect(midiToHz(69)).toBe(440);
    expect(midiToHz(81)).toBeCloseTo(880);
    expect(midiToHz(60)).toBeCloseTo(261.63, 1);
    expect(brightnessOf(null)).toBe(0);
    expect(brightnessOf('#000000')).toBe(0);
    expect(brightnessOf('#ff0000')).toBe(9);
    expect(brightnessOf('#101010')).toBe(1);
    expect(brightnessOf('red')).toBe(9);
  });
});

describe('micro:bit protocol: reports', () => {
  it('parses hello and sensor reports; -1 means no such sensor', () => {
    expect(parseReport('@HI 1 V2')).toEqual({ kind: 'hello', protocol: 1, board: 'V2' });
    expect(parseReport('@HI 1')).toEqual({ kind: 'hello', protocol: 1, board: 'unknown' });
    expect(parseReport('@S 1 0 -120 40 -1020 365 300 1 0 -1\r')).toEqual({
      kind: 'sensors',
      sensors: {
        buttonA: true,
        buttonB: false,
        accelX: -120,
        accelY: 40,
        accelZ: -1020,
        compass: 5,
        light: 255,
        lineLeft: 1,
        lineRight: 0,
        distance: null,
      },
    });
    expect(parseReport('@S 0 0 0 0 0 -1 10 -1 -1 42')).toMatchObject({
      sensors: { compass: null, lineLeft: null, lineRight: null, distance: 42 },
    });
    expect(parseReport('@E unknown X')).toEqual({ kind: 'error', text: 'unknown X' });
  });

  it('ignores everything that is not a whole, well-formed report', () => {
    for (const line of [
      '',
      'MicroPython v1.18 on 2023-10-30; micro:bit v2.1.2 with nRF52833',
      'Traceback (most recent call last):',
      '>>> ',
      '@S 1 0 2',
      '@S 1 0 2 3 4 5 6 7 8 9 10',
      '@S 1 0 x 3 4 5 6 7 8 9',
      '@S 1 0 1.5 3 4 5 6 7 8 9',
      '@HI',
      '@HI one',
      '@ZZ 1',
      'S 1 0 0 0 0 0 0 0 0 0',
    ]) {
      expect(parseReport(line), line).toBeNull();
    }
  });

  it('reassembles reports cut anywhere and skips noise and over-long lines', () => {
    const reports: Report[] = [];
    const reader = new ReportReader((r) => reports.push(r));
    const stream = 'garbage\r\n@HI 1 V1\r\n@S 0 1 1 2 3 4 5 6 7 8\r\n\u0000\u00ff@E x\n';
    for (const ch of stream) reader.push(ch);
    expect(reports.map((r) => r.kind)).toEqual(['hello', 'sensors', 'error']);

    reports.length = 0;
    reader.push('x'.repeat(MAX_LINE + 5));
    reader.push('@HI 1 V2\n');
    // The over-long run was dropped before the report began, so the report still arrives whole.
    expect(reports).toEqual([{ kind: 'hello', protocol: 1, board: 'V2' }]);

    reports.length = 0;
    reader.push(`@S ${'1 '.repeat(MAX_LINE)}\n@HI 1 V2\n`);
    expect(reports).toEqual([{ kind: 'hello', protocol: 1, board: 'V2' }]);

    reports.length = 0;
    reader.push('@HI 1');
    reader.reset();
    reader.push(' V2\n');
    expect(reports).toEqual([]);
  });
});
