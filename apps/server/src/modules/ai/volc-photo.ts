/**
 * The photo a cloud photo tool (imageFix) receives, checked at the edge before anything is charged: base64
 * (a data URL or bare) that decodes to a PNG, JPEG, GIF or WebP by its first bytes (never the declared
 * type), at most 8 MB, at least 50 pixels on each side and at most the tool's longest side (read from the
 * header, without decoding the picture). The provider's answer is checked the same way before it is kept.
 */
import {
  IMAGE_FIX_CLOUD_MAX_SIDE,
  IMAGE_FIX_MAX_BYTES,
  IMAGE_FIX_MIN_SIDE,
  type ImageFixCloudCall,
} from '@ai-edu/contract';
import { decodeBase64Payload } from '../../lib/base64-payload.ts';
import { AppError } from '../../lib/errors.ts';
import { readPicture, type SizedPhoto } from './photo.ts';

export function decodeFixPhoto(image: string, call: ImageFixCloudCall): SizedPhoto {
  const data = decodeBase64Payload(image);
  if (!data) throw new AppError('notImage', 400);
  if (data.length > IMAGE_FIX_MAX_BYTES) throw new AppError('imageFixTooLarge', 413);
  const photo = readPicture(data);
  if (!photo) throw new AppError('notImage', 415);
  if (Math.min(photo.width, photo.height) < IMAGE_FIX_MIN_SIDE) throw new AppError('imageFixTooSmall', 400);
  if (Math.max(photo.width, photo.height) > IMAGE_FIX_CLOUD_MAX_SIDE[call])
    throw new AppError('imageFixTooManyPixels', 413);
  return photo;
}
