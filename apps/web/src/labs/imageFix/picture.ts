/**
 * The lab's canvas plumbing: a photo file decoded into a canvas (refusing what is not a picture or far too
 * big), canvases to and from the pure RgbaImage the maths works on, shrinking, plain enlarging (what a
 * picture program does without AI), and the PNG the student downloads.
 */
import type { RgbaImage } from '@ai-edu/ml/image-fix/image.ts';
import { ImageFileError, readImageFile } from '../../components/camera/image-upload.tsx';
import { OPEN_MAX_BYTES, OPEN_MAX_SIDE } from './limits.ts';

export function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  return [canvas, context];
}

export function canvasToImage(canvas: HTMLCanvasElement): RgbaImage {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  return { width, height, data };
}

export function imageToCanvas(image: RgbaImage): HTMLCanvasElement {
  const [canvas, context] = canvasOf(image.width, image.height);
  const pixels = new ImageData(image.width, image.height);
  pixels.data.set(image.data);
  context.putImageData(pixels, 0, 0);
  return canvas;
}

export function copyCanvas(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const [canvas, context] = canvasOf(width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** A smaller copy, halving step by step first so fine detail is averaged rather than skipped. */
export function shrink(canvas: HTMLCanvasElement, width: number, height: number): HTMLCanvasElement {
  let current = canvas;
  while (current.width / 2 >= width && current.height / 2 >= height)
    current = copyCanvas(current, Math.round(current.width / 2), Math.round(current.height / 2));
  return current.width === width && current.height === height ? current : copyCanvas(current, width, height);
}

/** Plain enlarging, as any picture program does: each new pixel blended from its neighbours (no AI). */
export function plainEnlarge(canvas: HTMLCanvasElement, scale: number): HTMLCanvasElement {
  return copyCanvas(canvas, canvas.width * scale, canvas.height * scale);
}

/** A file decoded into a canvas; ImageFileError with the shared message for a non-picture or one too big. */
export async function pictureFromFile(file: File, tooBigMessage: string): Promise<HTMLCanvasElement> {
  if (file.size > OPEN_MAX_BYTES) throw new ImageFileError('readFailed', tooBigMessage);
  const image = await readImageFile(file);
  if (Math.max(image.naturalWidth, image.naturalHeight) > OPEN_MAX_SIDE)
    throw new ImageFileError('readFailed', tooBigMessage);
  return copyCanvas(image, image.naturalWidth, image.naturalHeight);
}

export function canvasBlob(canvas: HTMLCanvasElement, type = 'image/png', quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be encoded'))),
      type,
      quality,
    ),
  );
}

/** Saves the canvas as a PNG file through the browser's download. */
export async function downloadPng(canvas: HTMLCanvasElement, name: string): Promise<void> {
  const url = URL.createObjectURL(await canvasBlob(canvas));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // After the click has been handled; the browser keeps its own reference while it downloads.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
