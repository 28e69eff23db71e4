/**
 * Text lab, cloud handwriting reader: what the server's check of a photo costs before anything is charged
 * (base64 decoded, type sniffed, pixels read from the header: apps/server/src/modules/ai/photo.ts), for a
 * typical 3 MB phone photo and the largest accepted, 20 MB, next to a bare base64 decode of the same text.
 */
import { HANDWRITING_MAX_BYTES } from '../../../packages/contract/src/ai.ts';
import { decodePhoto } from '../../../apps/server/src/modules/ai/photo.ts';
import { rate } from '../rate.ts';

export const name = 'handwriting OCR (server check)';

/** A JPEG of `bytes` bytes whose header says 4,000 × 3,000 (the body is filler: only the header is read). */
function jpegDataUrl(bytes: number): string {
  const head = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x0b, 0xb8, 0x0f, 0xa0, 0x03, 0x01, 0x22, 0x00, 0x02,
    0x11, 0x01, 0x03, 0x11, 0x01,
  ]);
  const photo = Buffer.alloc(bytes, 0x5a);
  head.copy(photo);
  return `data:image/jpeg;base64,${photo.toString('base64')}`;
}

export async function run(settings: { durationSec: number }) {
  const seconds = Math.max(1, settings.durationSec / 4);
  const figures = [];
  for (const [label, bytes] of [
    ['3 MB photo', 3 * 1024 * 1024],
    ['20 MB photo (the limit)', HANDWRITING_MAX_BYTES],
  ] as const) {
    const image = jpegDataUrl(bytes);
    if (decodePhoto(image).mime !== 'image/jpeg') throw new Error(`the ${label} was not read as a JPEG`);
    const payload = image.slice(image.indexOf(',') + 1);
    rate(0.2, 1, () => decodePhoto(image));
    const checks = rate(seconds, 1, () => decodePhoto(image));
    const bare = rate(seconds, 1, () => Buffer.from(payload, 'base64'));
    figures.push({
      label: `check a ${label}`,
      value: 1000 / checks,
      unit: 'ms',
      note: `${(bare / checks).toFixed(2)}× a bare base64 decode (${(1000 / bare).toFixed(1)} ms); header says 4,000 × 3,000`,
    });
  }
  return figures;
}
