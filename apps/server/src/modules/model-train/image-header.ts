/**
 * What a training image really is, from its bytes: JPEG, PNG or WebP, and its width and height read from the
 * header (never the file name or the browser's claim). Null when the bytes are none of the three or the
 * header is cut short.
 */
export type TrainImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageHeader {
  mime: TrainImageMime;
  /** The extension the stored file gets (the download route serves its type from it). */
  ext: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

export function readImageHeader(bytes: Buffer): ImageHeader | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return pngSize(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegSize(bytes);
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return webpSize(bytes);
  }
  return null;
}

function sized(mime: TrainImageMime, ext: ImageHeader['ext'], width: number, height: number) {
  return width > 0 && height > 0 ? { mime, ext, width, height } : null;
}

/** PNG: the IHDR chunk comes first, width and height as big-endian 32-bit numbers. */
function pngSize(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return sized('image/png', 'png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

/** JPEG: walk the segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Buffer): ImageHeader | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (at + 9 > bytes.length) return null;
      return sized('image/jpeg', 'jpg', bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5));
    }
    // Start of scan or end of image before any frame: no size.
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + length;
  }
  return null;
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size). */
function webpSize(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return sized('image/webp', 'webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return sized('image/webp', 'webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    return sized('image/webp', 'webp', bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return null;
}
