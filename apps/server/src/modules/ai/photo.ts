/**
 * The handwriting reader's photo, checked at the edge before anything is charged: base64 (a data URL or
 * bare) that decodes to a PNG, JPEG, GIF or WebP by its first bytes (never the declared type), at most
 * 20 MB, and at most 8,000 pixels on a side (read from the header, without decoding the picture).
 */
import { HANDWRITING_MAX_BYTES, HANDWRITING_MAX_SIDE } from '@ai-edu/contract';
import { imageSize } from 'image-size';
import { decodeBase64Payload } from '../../lib/base64-payload.ts';
import { AppError } from '../../lib/errors.ts';
import { sniffFile } from '../courses/file-types.ts';
import type { PhotoInput } from './providers/types.ts';

export function decodePhoto(image: string): PhotoInput {
  const data = decodeBase64Payload(image);
  if (!data) throw new AppError('notImage', 400);
  if (data.length > HANDWRITING_MAX_BYTES) throw new AppError('photoTooLarge', 413);
  const sniffed = sniffFile(data.subarray(0, 16), '');
  if (sniffed?.kind !== 'image') throw new AppError('notImage', 415);
  let size: { width: number; height: number };
  try {
    size = imageSize(data);
  } catch {
    // The signature matched but the header is broken: not a picture the provider could read either.
    throw new AppError('notImage', 415);
  }
  if (size.width > HANDWRITING_MAX_SIDE || size.height > HANDWRITING_MAX_SIDE)
    throw new AppError('photoTooManyPixels', 413);
  return { data, mime: sniffed.mime };
}
