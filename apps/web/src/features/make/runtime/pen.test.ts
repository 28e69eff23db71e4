import { describe, expect, it } from 'vitest';
import { DEFAULT_PEN_COLOUR, MAX_PEN_SEGMENTS, Pen } from './pen.ts';
import { SpriteWorld } from './sprite-world.ts';

describe('the pen', () => {
  it('draws a segment for each move while it is down, in the colour and size of the moment', () => {
    const world = new SpriteWorld();
    world.move(20); // pen up: no line
    expect(world.pen.segments).toEqual([]);
    world.setPenDown(true);
    world.move(30);
    world.setPenColour('#FF0000');
    world.setPenSize(8);
    world.goTo(50, 40);
    world.setPenDown(false);
    world.goTo(0, 0);
    expect(world.pen.segments).toEqual([
      { x0: 20, y0: 0, x1: 50, y1: 0, colour: DEFAULT_PEN_COLOUR, size: 3 },
      { x0: 50, y0: 0, x1: 50, y1: 40, colour: '#ff0000', size: 8 },
    ]);
  });

  it('draws the line the sprite really went along when the stage edge stops it, and nothing for no move', () => {
    const world = new SpriteWorld();
    world.setPenDown(true);
    world.goTo(0, 0);
    world.move(1000);
    expect(world.pen.segments).toEqual([expect.objectContaining({ x0: 0, y0: 0, x1: 240, y1: 0 })]);
  });

  it('keeps sizes in 1–50 and only #rrggbb colours; nonsense leaves them as they were', () => {
    const pen = new Pen();
    pen.setSize(500);
    expect(pen.size).toBe(50);
    pen.setSize(0);
    expect(pen.size).toBe(1);
    pen.setSize('abc');
    expect(pen.size).toBe(1);
    pen.setColour('red');
    pen.setColour(42);
    expect(pen.colour).toBe(DEFAULT_PEN_COLOUR);
    pen.setColour('#00aa00');
    expect(pen.colour).toBe('#00aa00');
  });

  it('clears the drawing but keeps the pen down; a new run (reset) lifts it and wipes everything', () => {
    const world = new SpriteWorld();
    world.setPenDown(true);
    world.setPenColour('#00aa00');
    world.move(10);
    const version = world.pen.drawingVersion;
    world.clearPen();
    expect(world.pen.segments).toEqual([]);
    expect(world.pen.drawingVersion).toBeGreaterThan(version);
    world.move(10);
    expect(world.pen.segments).toHaveLength(1);
    world.reset();
    expect(world.pen).toMatchObject({ down: false, colour: DEFAULT_PEN_COLOUR, segments: [] });
  });

  it('keeps at most MAX_PEN_SEGMENTS, dropping the oldest, so an endless loop cannot eat memory', () => {
    const world = new SpriteWorld();
    world.setPenDown(true);
    for (let i = 0; i < MAX_PEN_SEGMENTS + 5; i++) {
      world.move(1);
      world.turn(180);
    }
    const { segments } = world.pen;
    expect(segments.length).toBeLessThanOrEqual(MAX_PEN_SEGMENTS);
    expect(segments.length).toBeGreaterThan(MAX_PEN_SEGMENTS * 0.8);
    // The newest is the last move: from x 1 back to 0 or from 0 to 1, whichever came last.
    const last = segments.at(-1)!;
    expect(Math.abs(last.x1 - last.x0)).toBe(1);
  });
});
