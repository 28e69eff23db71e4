import { describe, expect, it } from 'vitest';
import { BOARD_IDS, BOARDS, boardOf, DEFAULT_BOARD, pinsInUse } from './boards.ts';

/** Pins the micro:bit itself uses: the display's on V1 (3, 4, 6, 7, 9, 10), the buttons (5, 11), I2C (19, 20). */
const RESERVED = [3, 4, 5, 6, 7, 9, 10, 11, 19, 20];

describe('micro:bit car boards', () => {
  it('never uses a pin twice, nor one the micro:bit needs itself', () => {
    for (const id of BOARD_IDS) {
      const pins = pinsInUse(BOARDS[id].wiring);
      expect(new Set(pins).size, id).toBe(pins.length);
      expect(
        pins.filter((p) => RESERVED.includes(p)),
        id,
      ).toEqual([]);
      expect(
        pins.every((p) => p >= 0 && p <= 16),
        id,
      ).toBe(true);
    }
  });

  it('has pins for each drive kind and names its source', () => {
    for (const id of BOARD_IDS) {
      const { wiring, source } = BOARDS[id];
      expect(source.length, id).toBeGreaterThan(5);
      const motorPins = wiring.motorPins.filter((p) => p >= 0).length;
      const expected = { pins: 4, servo: 2, i2c: 0, none: 0 }[wiring.drive];
      expect(motorPins, id).toBe(expected);
      if (wiring.drive === 'i2c') expect(wiring.i2cAddress, id).toBeGreaterThan(0);
    }
    expect(BOARDS.maqueen.wiring.i2cAddress).toBe(0x10);
    expect(BOARDS['move-mini'].wiring.motorPins.slice(0, 2)).toEqual([1, 2]);
  });

  it('falls back to the default board for an unknown setting', () => {
    expect(boardOf('maqueen').id).toBe('maqueen');
    expect(boardOf('nope').id).toBe(DEFAULT_BOARD);
    expect(boardOf(null).id).toBe(DEFAULT_BOARD);
  });
});
