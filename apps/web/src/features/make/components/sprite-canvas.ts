/**
 * Draws the stage: printed lines, the pen's drawing, then the sprite in its costume, then its speech bubble.
 * Built-in costumes are drawn with canvas paths (no image files to fetch); a picture costume (`image:<n>`, painted by the cloud
 * block) is the page's loaded picture, scaled to fit the same square. Each costume fits a COSTUME_SIZE square around the sprite's centre
 * and turned with the sprite's direction (a costume faces right at direction 90, as in Scratch).
 */
import {
  COSTUME_SIZE,
  STAGE_HEIGHT,
  STAGE_WIDTH,
  type BuiltInCostume,
  type Sprite,
} from '../runtime/sprite-world.ts';
import type { PenSegment } from '../runtime/pen.ts';

type Pen = CanvasRenderingContext2D;
const LINE_HEIGHT = 22;
const PADDING = 12;

/** Each costume drawn around (0, 0) in a square of side 1 (scaled by the caller), facing right. */
const COSTUME_DRAWINGS: Record<BuiltInCostume, (g: Pen) => void> = {
  robot: (g) => {
    g.fillStyle = '#8c9eff';
    g.fillRect(-0.35, -0.3, 0.7, 0.6);
    g.fillStyle = '#3949ab';
    g.fillRect(-0.05, -0.5, 0.1, 0.2);
    g.beginPath();
    g.arc(0, -0.5, 0.07, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#ffffff';
    g.fillRect(0.02, -0.15, 0.2, 0.14);
    g.fillStyle = '#1a237e';
    g.fillRect(0.12, -0.12, 0.08, 0.08);
    g.fillRect(-0.2, 0.12, 0.4, 0.06);
  },
  cat: (g) => {
    g.fillStyle = '#ffab40';
    g.beginPath();
    g.arc(0, 0, 0.38, 0, Math.PI * 2);
    g.moveTo(-0.3, -0.2);
    g.lineTo(-0.2, -0.5);
    g.lineTo(-0.05, -0.32);
    g.moveTo(0.3, -0.2);
    g.lineTo(0.2, -0.5);
    g.lineTo(0.05, -0.32);
    g.fill();
    g.fillStyle = '#3e2723';
    for (const x of [-0.13, 0.17]) {
      g.beginPath();
      g.arc(x, -0.05, 0.05, 0, Math.PI * 2);
      g.fill();
    }
    g.strokeStyle = '#3e2723';
    g.lineWidth = 0.03;
    g.beginPath();
    g.moveTo(0.25, 0.1);
    g.lineTo(0.5, 0.05);
    g.moveTo(0.25, 0.14);
    g.lineTo(0.5, 0.18);
    g.stroke();
  },
  ball: (g) => {
    g.fillStyle = '#ef5350';
    g.beginPath();
    g.arc(0, 0, 0.45, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#ffffff';
    g.beginPath();
    g.arc(-0.15, -0.15, 0.1, 0, Math.PI * 2);
    g.fill();
  },
  star: (g) => {
    g.fillStyle = '#fdd835';
    g.beginPath();
    for (let i = 0; i < 10; i++) {
      const r = i % 2 === 0 ? 0.5 : 0.2;
      const a = (i * Math.PI) / 5;
      g.lineTo(r * Math.cos(a), r * Math.sin(a));
    }
    g.closePath();
    g.fill();
  },
};

function drawLines(g: Pen, lines: readonly string[], emptyText: string, running: boolean): void {
  g.textBaseline = 'top';
  g.font = '16px system-ui, sans-serif';
  if (lines.length === 0) {
    if (!running) {
      g.fillStyle = '#8c8c8c';
      g.fillText(emptyText, PADDING, PADDING, STAGE_WIDTH - 2 * PADDING);
    }
    return;
  }
  // The newest lines that fit, like a console scrolling up.
  const fit = Math.floor((STAGE_HEIGHT - 2 * PADDING) / LINE_HEIGHT);
  g.fillStyle = '#1f1f1f';
  lines.slice(-fit).forEach((line, i) => {
    g.fillText(line, PADDING, PADDING + i * LINE_HEIGHT, STAGE_WIDTH - 2 * PADDING);
  });
}

/** The pen's lines, round at the ends like a felt pen: one path per run of segments of one colour and size. */
function drawPen(g: Pen, segments: readonly PenSegment[]): void {
  g.lineCap = 'round';
  g.lineJoin = 'round';
  let i = 0;
  while (i < segments.length) {
    const { colour, size } = segments[i]!;
    g.strokeStyle = colour;
    g.lineWidth = size;
    g.beginPath();
    for (; i < segments.length && segments[i]!.colour === colour && segments[i]!.size === size; i++) {
      const s = segments[i]!;
      // Scratch coordinates (centre 0,0, y up) to the canvas's.
      g.moveTo(STAGE_WIDTH / 2 + s.x0, STAGE_HEIGHT / 2 - s.y0);
      g.lineTo(STAGE_WIDTH / 2 + s.x1, STAGE_HEIGHT / 2 - s.y1);
    }
    g.stroke();
  }
}

/** A picture the page loaded for a picture costume (an <img> or an ImageBitmap). */
export type CostumePicture = CanvasImageSource & { width: number; height: number };

/** A picture around (0, 0), its longer side 1 (scaled by the caller), keeping its proportions. */
function drawPicture(g: Pen, picture: CostumePicture): void {
  const longer = Math.max(picture.width, picture.height, 1);
  const width = picture.width / longer;
  const height = picture.height / longer;
  g.drawImage(picture, -width / 2, -height / 2, width, height);
}

/** A costume around (0, 0) in a square of side 1: the loaded picture, or the built-in drawing. */
function drawCostume(g: Pen, costume: string, pictures: ReadonlyMap<string, CostumePicture>): void {
  const picture = pictures.get(costume);
  if (picture) drawPicture(g, picture);
  // A picture not (or no longer) loaded shows as the robot rather than as nothing.
  else (COSTUME_DRAWINGS[costume as BuiltInCostume] ?? COSTUME_DRAWINGS.robot)(g);
}

/**
 * A costume alone on white, upright and filling a square canvas of `side` pixels: what an image model is shown
 * by "⟨model⟩ label of the costume" (models/picture-model-host.ts), as its trainer shows it a photo. Null
 * where the browser gives no 2D canvas.
 */
export function costumeCanvas(
  costume: string,
  pictures: ReadonlyMap<string, CostumePicture>,
  side: number,
): HTMLCanvasElement | null {
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const g = canvas.getContext('2d');
  if (!g) return null;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, side, side);
  g.translate(side / 2, side / 2);
  g.scale(side, side);
  drawCostume(g, costume, pictures);
  return canvas;
}

function drawSprite(g: Pen, sprite: Sprite, pictures: ReadonlyMap<string, CostumePicture>): void {
  const side = (COSTUME_SIZE * sprite.size) / 100;
  g.save();
  // Scratch coordinates (centre 0,0, y up) to the canvas's (top-left 0,0, y down).
  g.translate(STAGE_WIDTH / 2 + sprite.x, STAGE_HEIGHT / 2 - sprite.y);
  g.rotate(((sprite.direction - 90) * Math.PI) / 180);
  g.scale(side, side);
  drawCostume(g, sprite.costume, pictures);
  g.restore();
}

function drawBubble(g: Pen, sprite: Sprite, text: string): void {
  g.font = '15px system-ui, sans-serif';
  const width = Math.min(200, g.measureText(text).width + 16);
  const height = 28;
  const top = STAGE_HEIGHT / 2 - sprite.y - (COSTUME_SIZE * sprite.size) / 200 - height - 8;
  const left = Math.min(STAGE_WIDTH - width - 2, Math.max(2, STAGE_WIDTH / 2 + sprite.x));
  const y = Math.max(2, top);
  g.fillStyle = '#ffffff';
  g.strokeStyle = '#b0b0b0';
  g.lineWidth = 1.5;
  g.beginPath();
  g.roundRect(left, y, width, height, 10);
  g.fill();
  g.stroke();
  g.fillStyle = '#1f1f1f';
  g.textBaseline = 'middle';
  g.fillText(text, left + 8, y + height / 2, width - 16);
}

/** Draws the whole stage on `canvas` (its backing store sized for the screen's pixel ratio). */
/** The video scaled to cover the stage (its middle kept), mirrored as the camera views in the labs are. */
function drawCameraBackdrop(g: CanvasRenderingContext2D, video: HTMLVideoElement): void {
  const scale = Math.max(STAGE_WIDTH / video.videoWidth, STAGE_HEIGHT / video.videoHeight);
  const width = video.videoWidth * scale;
  const height = video.videoHeight * scale;
  g.save();
  g.translate(STAGE_WIDTH, 0);
  g.scale(-1, 1);
  g.drawImage(video, (STAGE_WIDTH - width) / 2, (STAGE_HEIGHT - height) / 2, width, height);
  g.restore();
}

export function drawStage(
  canvas: HTMLCanvasElement,
  sprite: Sprite,
  lines: readonly string[],
  emptyText: string,
  running: boolean,
  pictures: ReadonlyMap<string, CostumePicture> = new Map(),
  penSegments: readonly PenSegment[] = [],
  /** The camera's video when the backdrop is the camera: drawn mirrored, covering the stage. */
  backdrop: HTMLVideoElement | null = null,
): void {
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== STAGE_WIDTH * ratio) {
    canvas.width = STAGE_WIDTH * ratio;
    canvas.height = STAGE_HEIGHT * ratio;
  }
  const g = canvas.getContext('2d');
  if (!g) return;
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, STAGE_WIDTH, STAGE_HEIGHT);
  if (backdrop) drawCameraBackdrop(g, backdrop);
  drawLines(g, lines, emptyText, running);
  drawPen(g, penSegments);
  if (!sprite.visible) return;
  drawSprite(g, sprite, pictures);
  if (sprite.saying !== null) drawBubble(g, sprite, sprite.saying);
}
