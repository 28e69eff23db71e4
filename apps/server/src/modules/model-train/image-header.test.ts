import { describe, expect, it } from 'vitest';
import { readImageHeader } from './image-header.ts';
import { jpeg, png, webp } from './test-fixtures.ts';

/** A lossy WebP (VP8) header: RIFF, the chunk, a key frame's start code and 14-bit sizes. */
function vp8(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFFxxxxWEBPVP8 ', 0, 'latin1');
  bytes.set([0x9d, 0x01, 0x2a], 23);
  bytes.writeUInt16LE(width, 26);
  bytes.writeUInt16LE(height, 28);
  return bytes;
}

/** A lossless WebP (VP8L) header: signature 0x2f, then width-1 and height-1 in 14 bits each. */
function vp8l(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFFxxxxWEBPVP8L', 0, 'latin1');
  bytes[20] = 0x2f;
  bytes.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 21);
  return bytes;
}

describe('reading an image header', () => {
  it('reads the type and size of PNG, JPEG and the three kinds of WebP', () => {
    expect(readImageHeader(png(33, 17))).toEqual({ mime: 'image/png', ext: 'png', width: 33, height: 17 });
    expect(readImageHeader(jpeg(1920, 1080))).toEqual({
      mime: 'image/jpeg',
      ext: 'jpg',
      width: 1920,
      height: 1080,
    });
    expect(readImageHeader(webp(5000, 3))).toEqual({
      mime: 'image/webp',
      ext: 'webp',
      width: 5000,
      height: 3,
    });
    expect(readImageHeader(vp8(640, 480))).toMatchObject({ width: 640, height: 480 });
    expect(readImageHeader(vp8l(16383, 2))).toMatchObject({ width: 16383, height: 2 });
  });

  it('walks past JPEG segments before the frame (EXIF, tables) and reads a progressive frame', () => {
    const plain = jpeg(300, 200);
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x08]), Buffer.alloc(6, 7)]);
    const progressive = Buffer.from(plain);
    progressive[plain.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc2;
    expect(readImageHeader(Buffer.concat([plain.subarray(0, 2), exif, plain.subarray(2)]))).toMatchObject({
      width: 300,
      height: 200,
    });
    expect(readImageHeader(progressive)).toMatchObject({ width: 300, height: 200 });
  });

  it('answers null for other bytes, cut-short headers and zero sizes', () => {
    expect(readImageHeader(Buffer.from('GIF89a......'))).toBeNull();
    expect(readImageHeader(Buffer.from('hello'))).toBeNull();
    expect(readImageHeader(png(4, 4).subarray(0, 20))).toBeNull();
    expect(readImageHeader(jpeg(4, 4).subarray(0, 24))).toBeNull();
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(readImageHeader(png(4, 4, { width: 0, height: 4 }))).toBeNull();
    expect(readImageHeader(webp(4, 4).subarray(0, 20))).toBeNull();
  });
});
