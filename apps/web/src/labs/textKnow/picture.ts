/**
 * The picture the lab reads: the limits a photo must respect (spec's texts), and the canvas operations of the
 * page (decode, rotate 90°, crop). Large photos are scaled down to WORK_MAX_SIDE: plenty for reading, and an
 * 8,000-pixel canvas would take a quarter of a gigabyte.
 */
import { messageText, type Language } from '@ai-edu/contract';
import { ImageFileError, readImageFile } from '../../components/camera/image-upload.tsx';

export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const MAX_PHOTO_SIDE = 8000;
export const WORK_MAX_SIDE = 2400;

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The problem with a photo of this size, as the page shows it, or undefined when it is fine. */
export function photoLimitProblem(
  photo: { bytes?: number; width?: number; height?: number },
  lang: Language,
): string | undefined {
  if (photo.bytes !== undefined && photo.bytes > MAX_PHOTO_BYTES) return messageText('photoTooLarge', lang);
  if (Math.max(photo.width ?? 0, photo.height ?? 0) > MAX_PHOTO_SIDE)
    return messageText('photoTooManyPixels', lang);
  return undefined;
}

/** The size to work at: scaled so the longer side is at most `maxSide`, never enlarged. */
export function workingSize(width: number, height: number, maxSide = WORK_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A region dragged between two points, clipped to the picture; undefined when too small to read. */
export function regionBetween(
  a: { x: number; y: number },
  b: { x: number; y: number },
  width: number,
  height: number,
  minSide = 8,
): Region | undefined {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const x0 = clamp(Math.min(a.x, b.x), width);
  const y0 = clamp(Math.min(a.y, b.y), height);
  const x1 = clamp(Math.max(a.x, b.x), width);
  const y1 = clamp(Math.max(a.y, b.y), height);
  if (x1 - x0 < minSide || y1 - y0 < minSide) return undefined;
  return { x: Math.round(x0), y: Math.round(y0), width: Math.round(x1 - x0), height: Math.round(y1 - y0) };
}

function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  return [canvas, context];
}

/** Any drawable onto a white canvas at the working size. */
export function toWorkingCanvas(
  source: CanvasImageSource & { width: number; height: number },
): HTMLCanvasElement {
  const size = workingSize(source.width, source.height);
  const [canvas, context] = canvasOf(size.width, size.height);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

/** A file checked (type, bytes, pixels) and decoded onto a working canvas; rejects with the message to show. */
export async function pictureFromFile(file: File, lang: Language): Promise<HTMLCanvasElement> {
  const tooLarge = photoLimitProblem({ bytes: file.size }, lang);
  if (tooLarge) throw new ImageFileError('readFailed', tooLarge);
  const image = await readImageFile(file);
  const tooManyPixels = photoLimitProblem({ width: image.naturalWidth, height: image.naturalHeight }, lang);
  if (tooManyPixels) throw new ImageFileError('readFailed', tooManyPixels);
  return toWorkingCanvas(image);
}

/** The picture turned a quarter clockwise. */
export function rotateQuarter(picture: HTMLCanvasElement): HTMLCanvasElement {
  const [canvas, context] = canvasOf(picture.height, picture.width);
  context.translate(picture.height, 0);
  context.rotate(Math.PI / 2);
  context.drawImage(picture, 0, 0);
  return canvas;
}

/** A part of the picture. */
export function cropPicture(picture: HTMLCanvasElement, region: Region): HTMLCanvasElement {
  const [canvas, context] = canvasOf(region.width, region.height);
  context.drawImage(
    picture,
    region.x,
    region.y,
    region.width,
    region.height,
    0,
    0,
    region.width,
    region.height,
  );
  return canvas;
}

/** The picture as a PNG (what the cloud reader sends when its button is pressed). */
export function pictureBlob(picture: HTMLCanvasElement): Promise<Blob | undefined> {
  return new Promise((resolve) => picture.toBlob((blob) => resolve(blob ?? undefined), 'image/png'));
}
