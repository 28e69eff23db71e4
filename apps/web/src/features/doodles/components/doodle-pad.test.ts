import { describe, expect, it } from 'vitest';
import { touches, type PadStroke } from './doodle-pad.tsx';

describe('the doodle pad eraser', () => {
  const line: PadStroke = { x: [0, 400], y: [100, 100], width: 8 };

  it('erases a long straight line where it crosses it, between the two points it was drawn through', () => {
    expect(touches(line, 200, 104, 6)).toBe(true);
    expect(touches(line, 200, 130, 6)).toBe(false);
    expect(touches(line, 420, 100, 6)).toBe(false);
  });

  it('erases a dot within its reach', () => {
    const dot: PadStroke = { x: [50], y: [50], width: 10 };
    expect(touches(dot, 58, 50, 4)).toBe(true);
    expect(touches(dot, 70, 50, 4)).toBe(false);
  });
});
