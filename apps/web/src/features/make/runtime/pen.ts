/**
 * The stage's pen as plain data (pure, no DOM): whether it is down, its colour and size, and the line
 * segments the sprite has drawn, in stage coordinates (Scratch's: centre 0,0, y up). SpriteWorld appends a
 * segment for each move while the pen is down; components/sprite-canvas.ts draws them under the sprite; the
 * drawing AI blocks read them (models/drawing-input.ts).
 */

export interface PenSegment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** `#rrggbb`. */
  colour: string;
  /** Line width in stage units. */
  size: number;
}

export const MIN_PEN_SIZE = 1;
export const MAX_PEN_SIZE = 50;
export const DEFAULT_PEN_COLOUR = '#1f3a93';
export const DEFAULT_PEN_SIZE = 3;
/**
 * Segments kept (an endless loop with the pen down must not eat the page's memory): past it the oldest
 * tenth goes at once, so a long drawing costs one copy per thousand moves rather than one per move.
 */
export const MAX_PEN_SEGMENTS = 10_000;
const DROP_AT_ONCE = MAX_PEN_SEGMENTS / 10;

const COLOUR = /^#[0-9a-f]{6}$/i;

export class Pen {
  down = false;
  colour = DEFAULT_PEN_COLOUR;
  size = DEFAULT_PEN_SIZE;
  readonly segments: PenSegment[] = [];
  /** Bumped whenever the drawing changes, so a reader can keep what it made of the last one. */
  drawingVersion = 0;

  reset(): void {
    this.down = false;
    this.colour = DEFAULT_PEN_COLOUR;
    this.size = DEFAULT_PEN_SIZE;
    this.clear();
  }

  clear(): void {
    this.segments.length = 0;
    this.drawingVersion++;
  }

  /** Takes a `#rrggbb` colour (what the colour blocks give); anything else leaves the colour as it is. */
  setColour(colour: unknown): void {
    if (typeof colour === 'string' && COLOUR.test(colour)) this.colour = colour.toLowerCase();
  }

  /** The width, kept in 1–50; nonsense leaves it as it is. */
  setSize(size: unknown): void {
    const n = Number(size);
    if (Number.isFinite(n)) this.size = Math.min(MAX_PEN_SIZE, Math.max(MIN_PEN_SIZE, n));
  }

  /** The line a move from (x0, y0) to (x1, y1) leaves: one segment while the pen is down and it moved. */
  moved(x0: number, y0: number, x1: number, y1: number): boolean {
    if (!this.down || (x0 === x1 && y0 === y1)) return false;
    if (this.segments.length >= MAX_PEN_SEGMENTS) this.segments.splice(0, DROP_AT_ONCE);
    this.segments.push({ x0, y0, x1, y1, colour: this.colour, size: this.size });
    this.drawingVersion++;
    return true;
  }
}
