/**
 * Face fixtures made from a photo shipped in an npm package (no binary in git): a face crop from
 * @vladmandic/human's demo screenshot, drawn by Chromium onto a grey 640 × 480 frame, written as
 * - a Y4M video for Chromium's fake camera (`--use-file-for-fake-video-capture`), and
 * - a PNG photo for upload tests.
 * A slow horizontal drift makes the frames differ, like a real camera (and defeats frame caching).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from './browser.ts';
import { repoRoot } from './server.ts';

/** The screenshot's second close-up face (a woman facing the camera), in its pixels: x, y, width, height. */
const SOURCE = 'node_modules/@vladmandic/human/assets/screenshot-facedetect.jpg';
const CROP = { x: 165, y: 346, width: 148, height: 150 } as const;

export const FRAME = { width: 640, height: 480 } as const;
const FACE_HEIGHT = 300;
const FRAMES = 24;

/** The few browser APIs the fixture maker uses in the page. */
interface PageImage {
  src: string;
  decode: () => Promise<void>;
}
interface Page2d {
  fillStyle: string;
  fillRect: (x: number, y: number, w: number, h: number) => void;
  drawImage: (...args: [PageImage, ...number[]]) => void;
  getImageData: (x: number, y: number, w: number, h: number) => { data: Uint8ClampedArray };
}
interface PageCanvas {
  width: number;
  height: number;
  getContext: (kind: '2d', options: { willReadFrequently: boolean }) => Page2d;
  toDataURL: (type: string) => string;
}
interface PageGlobals {
  Image: new () => PageImage;
  document: { createElement: (tag: 'canvas') => PageCanvas };
  btoa: (data: string) => string;
}

export interface FaceFixtures {
  video: string;
  photo: string;
}

/** RGBA frames of the face moving a little from left to right and back. */
async function renderFrames(): Promise<{ frames: Buffer[]; png: Buffer }> {
  const jpeg = (await readFile(path.join(repoRoot, SOURCE))).toString('base64');
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    const result = await page.evaluate(
      async ({ jpeg, crop, frame, faceHeight, count }) => {
        // Runs in the page; typed without the DOM lib (the Node-only root project includes this file too).
        const win = globalThis as unknown as PageGlobals;
        const image = new win.Image();
        image.src = `data:image/jpeg;base64,${jpeg}`;
        await image.decode();
        const canvas = win.document.createElement('canvas');
        canvas.width = frame.width;
        canvas.height = frame.height;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        const faceWidth = Math.round((crop.width * faceHeight) / crop.height);
        const y = Math.round((frame.height - faceHeight) / 2);
        const frames: string[] = [];
        let png = '';
        // No named inner functions here: tsx (esbuild keepNames) would wrap them in a helper that does not
        // exist in the page. The last turn draws the centred photo.
        for (let i = 0; i <= count; i += 1) {
          const shift = i < count ? Math.round(12 * Math.sin((2 * Math.PI * i) / count)) : 0;
          ctx.fillStyle = '#7f7f7f';
          ctx.fillRect(0, 0, frame.width, frame.height);
          const x = Math.round((frame.width - faceWidth) / 2 + shift);
          ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, x, y, faceWidth, faceHeight);
          if (i === count) {
            png = canvas.toDataURL('image/png').split(',')[1] ?? '';
            break;
          }
          const rgba = ctx.getImageData(0, 0, frame.width, frame.height).data;
          let binary = '';
          for (let j = 0; j < rgba.length; j += 0x8000) {
            binary += String.fromCharCode(...rgba.subarray(j, j + 0x8000));
          }
          frames.push(win.btoa(binary));
        }
        return { frames, png };
      },
      { jpeg, crop: CROP, frame: FRAME, faceHeight: FACE_HEIGHT, count: FRAMES },
    );
    return {
      frames: result.frames.map((f) => Buffer.from(f, 'base64')),
      png: Buffer.from(result.png, 'base64'),
    };
  } finally {
    await browser.close();
  }
}

/** RGBA → Y4M's planar 4:2:0 (BT.601, full range is close enough for a detector). */
function toI420(rgba: Buffer, width: number, height: number): Buffer {
  const ySize = width * height;
  const cSize = (width / 2) * (height / 2);
  const out = Buffer.alloc(ySize + 2 * cSize);
  for (let i = 0; i < ySize; i += 1) {
    const r = rgba[i * 4]!;
    const g = rgba[i * 4 + 1]!;
    const b = rgba[i * 4 + 2]!;
    out[i] = Math.round(0.257 * r + 0.504 * g + 0.098 * b + 16);
  }
  for (let y = 0; y < height / 2; y += 1) {
    for (let x = 0; x < width / 2; x += 1) {
      const p = (y * 2 * width + x * 2) * 4;
      const r = rgba[p]!;
      const g = rgba[p + 1]!;
      const b = rgba[p + 2]!;
      const c = y * (width / 2) + x;
      out[ySize + c] = Math.round(-0.148 * r - 0.291 * g + 0.439 * b + 128);
      out[ySize + cSize + c] = Math.round(0.439 * r - 0.368 * g - 0.071 * b + 128);
    }
  }
  return out;
}

/** A Y4M video (the format Chromium's fake camera plays) of RGBA frames of `width` × `height`, 24 fps. */
export function y4mVideo(frames: readonly Buffer[], width: number, height: number): Buffer {
  const chunks: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F24:1 Ip A1:1 C420jpeg\n`)];
  for (const rgba of frames) chunks.push(Buffer.from('FRAME\n'), toI420(rgba, width, height));
  return Buffer.concat(chunks);
}

/** Writes face.y4m and face.png into `dir` (made if needed) and returns their paths. */
export async function makeFaceFixtures(dir: string): Promise<FaceFixtures> {
  await mkdir(dir, { recursive: true });
  const { frames, png } = await renderFrames();
  const video = path.join(dir, 'face.y4m');
  const photo = path.join(dir, 'face.png');
  await writeFile(video, y4mVideo(frames, FRAME.width, FRAME.height));
  await writeFile(photo, png);
  return { video, photo };
}

/** Chromium switches for a fake camera playing `video` (permission still has to be granted per page). */
export function fakeCameraArgs(video: string): string[] {
  return ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
}
