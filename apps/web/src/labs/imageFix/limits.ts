/**
 * The photo sizes each tool takes (pure, so the page and its tests agree). Repair and enhancement work on up
 * to 2,048 pixels on a side; super-resolution takes up to 1,024 (2×) or 512 (4×), so its result is never over
 * 2,048 either: a 4,096-pixel result would be a 64 MB picture and minutes of work on a school laptop.
 */
import { IMAGE_FIX_LOCAL_MAX_SIDE, IMAGE_FIX_UPSCALE_MAX_SIDE } from '@ai-edu/contract';

export type LocalTool = 'repair' | 'enhance' | 'upscale2' | 'upscale4';

/** A photo file we refuse to open at all (decoding it would take too much memory). */
export const OPEN_MAX_BYTES = 30 * 1024 * 1024;
export const OPEN_MAX_SIDE = 8000;

export function maxSideFor(tool: LocalTool): number {
  if (tool === 'upscale2') return IMAGE_FIX_UPSCALE_MAX_SIDE[2];
  if (tool === 'upscale4') return IMAGE_FIX_UPSCALE_MAX_SIDE[4];
  return IMAGE_FIX_LOCAL_MAX_SIDE;
}

/** The size to shrink to so the longer side is at most `maxSide` (never enlarged, at least 1 pixel). */
export function fitInside(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The longest side a tool allows when this photo is larger, else undefined (the tool may run). */
export function tooLargeFor(tool: LocalTool, width: number, height: number): number | undefined {
  const max = maxSideFor(tool);
  return Math.max(width, height) > max ? max : undefined;
}

/** Whether the device can be asked for 4× (about 4 GB of memory or more, when the browser says). */
export function deviceCanUpscale4(deviceMemoryGb: number | undefined): boolean {
  return deviceMemoryGb === undefined || deviceMemoryGb >= 4;
}
