/**
 * The ≤ 160 px JPEG thumbnail the page makes before an upload (the server keeps it next to the image so
 * grids of 1,000 images load small files).
 */
import { MODEL_TRAIN } from '@ai-edu/contract';

export const THUMB_SIDE = 160;

/** The thumbnail's size: the longer side THUMB_SIDE (never enlarged), the aspect kept, at least 1 px. */
export function thumbSize(
  width: number,
  height: number,
  side = THUMB_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Qualities tried in turn until the JPEG fits `maxThumbBytes` (a noisy photo can need a lower one). */
export const THUMB_QUALITIES = [0.8, 0.6, 0.4] as const;

/** Decodes the picture and draws it small; null when the browser cannot decode it (not an image). */
export async function makeThumbnail(
  file: Blob,
): Promise<{ thumb: Blob | null; width: number; height: number } | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const size = thumbSize(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) return { thumb: null, width: bitmap.width, height: bitmap.height };
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    for (const quality of THUMB_QUALITIES) {
      const thumb = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      if (thumb.size <= MODEL_TRAIN.maxThumbBytes)
        return { thumb, width: bitmap.width, height: bitmap.height };
    }
    // Too big even at the lowest quality: the server serves the image itself as its thumbnail.
    return { thumb: null, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}
