/**
 * The built-in old photo: a little family picture drawn by our own code (sky, hills, a house, a tree, two
 * people), then aged on purpose by the seeded damage generator (@ai-edu/ml/image-fix/damage.ts): faded,
 * grainy, scratched and spotted. Because we drew it, we also have it undamaged, so the lab can show how close
 * a repair comes. A tiny copy of the undamaged drawing is the sample for super-resolution.
 */
import { damagePhoto, downscale } from '@ai-edu/ml/image-fix/damage.ts';
import { canvasOf, canvasToImage, imageToCanvas } from './picture.ts';

export const SAMPLE_WIDTH = 480;
export const SAMPLE_HEIGHT = 360;
export const SAMPLE_SEED = 1965;
/** The tiny sample is the drawing shrunk this many times (160 × 120). */
export const TINY_FACTOR = 3;

function person(c: CanvasRenderingContext2D, x: number, ground: number, height: number, shirt: string) {
  const head = height * 0.13;
  c.fillStyle = '#3b2a20';
  c.fillRect(x - height * 0.07, ground - height * 0.45, height * 0.05, height * 0.45);
  c.fillRect(x + height * 0.02, ground - height * 0.45, height * 0.05, height * 0.45);
  c.fillStyle = shirt;
  c.beginPath();
  c.roundRect(x - height * 0.13, ground - height * 0.8, height * 0.26, height * 0.4, height * 0.05);
  c.fill();
  c.fillStyle = '#e8b88f';
  c.beginPath();
  c.arc(x, ground - height * 0.8 - head, head, 0, Math.PI * 2);
  c.fill();
  c.fillStyle = '#4a3020';
  c.beginPath();
  c.arc(x, ground - height * 0.8 - head * 1.3, head * 0.9, Math.PI, Math.PI * 2);
  c.fill();
}

/** The undamaged drawing. */
export function drawScene(width = SAMPLE_WIDTH, height = SAMPLE_HEIGHT): HTMLCanvasElement {
  const [canvas, c] = canvasOf(width, height);
  const sx = width / SAMPLE_WIDTH;
  const sy = height / SAMPLE_HEIGHT;
  c.scale(sx, sy);
  const sky = c.createLinearGradient(0, 0, 0, 220);
  sky.addColorStop(0, '#5b9be0');
  sky.addColorStop(1, '#cfe6f7');
  c.fillStyle = sky;
  c.fillRect(0, 0, SAMPLE_WIDTH, 230);
  c.fillStyle = '#fff3b0';
  c.beginPath();
  c.arc(400, 60, 28, 0, Math.PI * 2);
  c.fill();
  // Hills, far (blue-green) and near (green).
  c.fillStyle = '#7fa88a';
  c.beginPath();
  c.moveTo(0, 200);
  c.quadraticCurveTo(120, 120, 250, 190);
  c.quadraticCurveTo(360, 140, 480, 185);
  c.lineTo(480, 260);
  c.lineTo(0, 260);
  c.fill();
  const grass = c.createLinearGradient(0, 220, 0, 360);
  grass.addColorStop(0, '#6fae4f');
  grass.addColorStop(1, '#3f7a2e');
  c.fillStyle = grass;
  c.fillRect(0, 225, SAMPLE_WIDTH, 135);
  // The house.
  c.fillStyle = '#d9c3a0';
  c.fillRect(60, 150, 150, 110);
  c.fillStyle = '#a0412d';
  c.beginPath();
  c.moveTo(45, 155);
  c.lineTo(135, 95);
  c.lineTo(225, 155);
  c.fill();
  c.fillStyle = '#6b4a2f';
  c.fillRect(118, 200, 34, 60);
  c.fillStyle = '#9fd0f0';
  c.fillRect(75, 175, 32, 28);
  c.fillRect(165, 175, 32, 28);
  // The tree.
  c.fillStyle = '#6b4a2f';
  c.fillRect(300, 170, 18, 90);
  c.fillStyle = '#2f6e2a';
  for (const [x, y, r] of [
    [309, 150, 42],
    [282, 172, 30],
    [336, 172, 30],
  ] as const) {
    c.beginPath();
    c.arc(x, y, r, 0, Math.PI * 2);
    c.fill();
  }
  person(c, 380, 300, 120, '#c0392b');
  person(c, 425, 300, 95, '#2e86c1');
  // The path to the door.
  c.fillStyle = '#c8b38a';
  c.beginPath();
  c.moveTo(120, 260);
  c.lineTo(150, 260);
  c.lineTo(190, 360);
  c.lineTo(90, 360);
  c.fill();
  return canvas;
}

export interface OldPhotoSample {
  original: HTMLCanvasElement;
  damaged: HTMLCanvasElement;
  /** Where the generator scratched or spotted the photo (255), for measuring a repair. */
  damage: Uint8Array;
}

export function makeOldPhoto(): OldPhotoSample {
  const original = drawScene();
  const { image, mask } = damagePhoto(canvasToImage(original), { seed: SAMPLE_SEED });
  return { original, damaged: imageToCanvas(image), damage: mask };
}

export function makeTinyPhoto(): HTMLCanvasElement {
  return imageToCanvas(downscale(canvasToImage(drawScene()), TINY_FACTOR));
}
