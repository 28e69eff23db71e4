/** Picture bytes for the tests of the endpoints that take a picture (photos, sketches, gallery pictures). */
import { TINY_PNG } from './fake-openai.ts';

/** A 1×1 GIF: a picture, but not a PNG, whatever the data URL claims. */
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const dataUrl = (bytes: Buffer, mime = 'image/png') =>
  `data:${mime};base64,${bytes.toString('base64')}`;

/** A PNG whose header says `width`×`height` (no pixels follow: the size is read from the header alone). */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([TINY_PNG.subarray(0, 8), ihdr]);
}
