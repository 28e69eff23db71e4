/**
 * Pictures sent to the AI routes, checked at the edge before anything is charged or kept: base64 (a data URL
 * or bare) that decodes to an accepted type by its first bytes (never the declared type), within a byte
 * budget, and within a side length read from the header (without decoding the picture). Each caller names
 * its own rules and the messages its users see.
 */
import {
  GALLERY_PICTURE_MAX_BYTES,
  GALLERY_PICTURE_MAX_SIDE,
  HANDWRITING_MAX_BYTES,
  HANDWRITING_MAX_SIDE,
  SKETCH_MAX_BYTES,
  SKETCH_MAX_SIDE,
  type MessageKey,
} from '@ai-edu/contract';
import { imageSize } from 'image-size';
import { decodeBase64Payload } from '../../lib/base64-payload.ts';
import { AppError } from '../../lib/errors.ts';
import { sniffFile } from '../courses/file-types.ts';
import type { PhotoInput } from './providers/types.ts';

export interface PictureRules {
  maxBytes: number;
  maxSide: number;
  /** The accepted types; every image type `sniffFile` knows when absent. */
  mimes?: readonly string[];
  messages: { notImage: MessageKey; tooLarge: MessageKey; tooManyPixels: MessageKey };
}

/** A picture's bytes, its type read from them, and its size read from its header. */
export interface SizedPhoto extends PhotoInput {
  width: number;
  height: number;
}

/** The picture's type and size from its bytes, or undefined when it is not a picture we can read. */
export function readPicture(data: Buffer): SizedPhoto | undefined {
  const sniffed = sniffFile(data.subarray(0, 16), '');
  if (sniffed?.kind !== 'image') return undefined;
  try {
    const { width, height } = imageSize(data);
    return { data, mime: sniffed.mime, width, height };
  } catch {
    // The signature matched but the header is broken.
    return undefined;
  }
}

export function decodePicture(image: string, rules: PictureRules): SizedPhoto {
  const { messages } = rules;
  const data = decodeBase64Payload(image);
  if (!data) throw new AppError(messages.notImage, 400);
  if (data.length > rules.maxBytes) throw new AppError(messages.tooLarge, 413);
  const picture = readPicture(data);
  if (!picture || (rules.mimes && !rules.mimes.includes(picture.mime)))
    throw new AppError(messages.notImage, 415);
  if (picture.width > rules.maxSide || picture.height > rules.maxSide)
    throw new AppError(messages.tooManyPixels, 413);
  return picture;
}

/** The handwriting reader's photo: PNG, JPEG, GIF or WebP, ≤ 20 MB, ≤ 8,000 px on a side. */
export const decodePhoto = (image: string) =>
  decodePicture(image, {
    maxBytes: HANDWRITING_MAX_BYTES,
    maxSide: HANDWRITING_MAX_SIDE,
    messages: { notImage: 'notImage', tooLarge: 'photoTooLarge', tooManyPixels: 'photoTooManyPixels' },
  });

/** A sketch for sketchToImage: PNG or JPEG, ≤ 4 MB, ≤ 2,048 px on a side. */
export const decodeSketch = (image: string) =>
  decodePicture(image, {
    maxBytes: SKETCH_MAX_BYTES,
    maxSide: SKETCH_MAX_SIDE,
    mimes: ['image/png', 'image/jpeg'],
    messages: { notImage: 'sketchNotImage', tooLarge: 'sketchTooLarge', tooManyPixels: 'sketchTooLarge' },
  });

/** A picture made in the browser (the tiny painter's) for the gallery: PNG only, ≤ 512 KB, ≤ 1,024 px. */
export const decodeGalleryPicture = (image: string) =>
  decodePicture(image, {
    maxBytes: GALLERY_PICTURE_MAX_BYTES,
    maxSide: GALLERY_PICTURE_MAX_SIDE,
    mimes: ['image/png'],
    messages: {
      notImage: 'pictureNotPng',
      tooLarge: 'pictureTooLarge',
      tooManyPixels: 'pictureTooLarge',
    },
  });
