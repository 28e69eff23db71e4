/**
 * The stage's sprites as plain data, in Scratch's coordinates: a fixed 480 × 360 stage with (0, 0) in the
 * middle, y upwards, direction in degrees with 90 pointing right and 0 up. The sprite blocks' host functions
 * change this world; components/sprite-canvas.ts draws it. Pure module (no DOM), unit-tested in Node. The
 * pen (runtime/pen.ts) belongs to the world: while it is down, each move leaves a line segment.
 */
import { Pen } from './pen.ts';
import { isAssetCostume, type AssetCostume } from './project-costumes.ts';

export const STAGE_WIDTH = 480;
export const STAGE_HEIGHT = 360;

/** The built-in costumes, each drawn by our own canvas code (no image files). */
export const COSTUMES = ['robot', 'cat', 'ball', 'star'] as const;
export type BuiltInCostume = (typeof COSTUMES)[number];
/**
 * A picture costume (the cloud block "paint a costume"): the world keeps only its name, `image:<n>`; the page
 * owns the loaded pictures by name and draws them (components/sprite-canvas.ts).
 */
export type ImageCostume = `image:${number}`;
/** One of the project's own pictures (runtime/project-costumes.ts), drawn like a painted one. */
export type Costume = BuiltInCostume | ImageCostume | AssetCostume;

export const isImageCostume = (name: string): name is ImageCostume => /^image:\d+$/.test(name);

export interface Sprite {
  x: number;
  y: number;
  /** Degrees, Scratch's convention: 90 right, 0 up, -90 left, 180 down; kept in (-180, 180]. */
  direction: number;
  /** Percent of the costume's natural size. */
  size: number;
  visible: boolean;
  costume: Costume;
  /** What the sprite says in its speech bubble, or null for none. */
  saying: string | null;
}

/** A costume's natural size in stage units (its drawing fits this square at 100 %). */
export const COSTUME_SIZE = 60;
export const MIN_SIZE = 5;
export const MAX_SIZE = 500;
/** Longest speech bubble text kept (a loop may say a whole book). */
export const MAX_SAY_LENGTH = 200;

export function newSprite(): Sprite {
  return { x: 0, y: 0, direction: 90, size: 100, visible: true, costume: 'robot', saying: null };
}

/** Rounds away floating-point noise (cos 90° is 6e-17, not 0), so "move 50" lands on exactly 50. */
const tidy = (n: number) => Math.round(n * 1e6) / 1e6;
const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));
/** A number from a block's input: what JavaScript makes of it, and 0 for nonsense (Scratch's rule). */
const numberOf = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** Keeps a direction in (-180, 180], as Scratch shows it. */
export function normalDirection(degrees: number): number {
  const d = (((degrees + 180) % 360) + 360) % 360;
  return d === 0 ? 180 : d - 180;
}

/** What the stage shows behind everything: white, or the camera's live picture (mirrored, like a mirror). */
export const BACKDROPS = ['white', 'camera'] as const;
export type Backdrop = (typeof BACKDROPS)[number];

export class SpriteWorld {
  readonly sprite: Sprite = newSprite();
  /** The sprite's pen and what it has drawn. */
  readonly pen = new Pen();
  backdrop: Backdrop = 'white';
  /** Bumped on every change, so a drawing loop redraws only when something moved. */
  version = 0;
  private readonly listeners = new Set<() => void>();

  /** Called after each change (the accessible summary listens for what sprites say). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  reset(): void {
    Object.assign(this.sprite, newSprite());
    this.pen.reset();
    this.backdrop = 'white';
    this.changed();
  }

  /** A backdrop the stage does not have leaves the one it shows (a program's text is only a request). */
  setBackdrop(backdrop: unknown): void {
    if (!BACKDROPS.includes(backdrop as Backdrop)) return;
    this.backdrop = backdrop as Backdrop;
    this.changed();
  }

  /** Moves along the sprite's direction; the sprite stays on the stage (its centre is kept inside). */
  move(steps: unknown): void {
    const radians = (this.sprite.direction * Math.PI) / 180;
    const distance = numberOf(steps);
    this.goTo(this.sprite.x + distance * Math.sin(radians), this.sprite.y + distance * Math.cos(radians));
  }

  /** Turns clockwise (a negative angle turns the other way). */
  turn(degrees: unknown): void {
    this.sprite.direction = tidy(normalDirection(this.sprite.direction + numberOf(degrees)));
    this.changed();
  }

  pointIn(degrees: unknown): void {
    this.sprite.direction = tidy(normalDirection(numberOf(degrees)));
    this.changed();
  }

  /** Moves to a point (kept on the stage); with the pen down the way there is drawn. */
  goTo(x: unknown, y: unknown): void {
    const { x: fromX, y: fromY } = this.sprite;
    this.sprite.x = tidy(clamp(numberOf(x), -STAGE_WIDTH / 2, STAGE_WIDTH / 2));
    this.sprite.y = tidy(clamp(numberOf(y), -STAGE_HEIGHT / 2, STAGE_HEIGHT / 2));
    this.pen.moved(fromX, fromY, this.sprite.x, this.sprite.y);
    this.changed();
  }

  /** Puts the pen down (later moves draw) or lifts it. */
  setPenDown(down: boolean): void {
    this.pen.down = down;
    this.changed();
  }

  /** Wipes the drawing; the pen stays as it is (down or up, its colour and size). */
  clearPen(): void {
    this.pen.clear();
    this.changed();
  }

  setPenColour(colour: unknown): void {
    this.pen.setColour(colour);
    this.changed();
  }

  setPenSize(size: unknown): void {
    this.pen.setSize(size);
    this.changed();
  }

  /** Shows `text` in the sprite's bubble; an empty text removes the bubble. */
  say(text: unknown): void {
    const line = (typeof text === 'string' ? text : (JSON.stringify(text) ?? '')).slice(0, MAX_SAY_LENGTH);
    this.sprite.saying = line === '' ? null : line;
    this.changed();
  }

  /**
   * Takes a costume by name (built-in, a painted picture's `image:<n>`, a project picture's `asset:<id>`); an
   * unknown name leaves it as it is.
   */
  setCostume(name: unknown): void {
    const text = String(name);
    const costume = isImageCostume(text) || isAssetCostume(text) ? text : COSTUMES.find((c) => c === text);
    if (costume) this.sprite.costume = costume;
    this.changed();
  }

  setVisible(visible: boolean): void {
    this.sprite.visible = visible;
    this.changed();
  }

  setSize(percent: unknown): void {
    this.sprite.size = clamp(numberOf(percent), MIN_SIZE, MAX_SIZE);
    this.changed();
  }

  /** Whether a point (stage coordinates) is on the visible sprite: a click there starts its click scripts. */
  hits(x: number, y: number): boolean {
    const { sprite } = this;
    const half = (COSTUME_SIZE * sprite.size) / 100 / 2;
    return sprite.visible && Math.abs(x - sprite.x) <= half && Math.abs(y - sprite.y) <= half;
  }
}

/** Stage coordinates of a point on a canvas of any display size showing the whole stage. */
export function stagePoint(
  offsetX: number,
  offsetY: number,
  displayWidth: number,
  displayHeight: number,
): { x: number; y: number } {
  return {
    x: (offsetX / displayWidth) * STAGE_WIDTH - STAGE_WIDTH / 2,
    y: STAGE_HEIGHT / 2 - (offsetY / displayHeight) * STAGE_HEIGHT,
  };
}
