/**
 * MNIST-style preprocessing of a hand-drawn digit. The MNIST digits were prepared in three steps, and a
 * drawing must go through the same ones or the network sees something it never learnt:
 *
 * 1. crop to the bounding box of the ink;
 * 2. scale it (keeping its proportions) so that its longer side is 20 pixels, averaging the pixels it covers
 *    (anti-aliasing: the grey edges of MNIST strokes come from this);
 * 3. paste it into a 28×28 field so that its centre of mass (the ink-weighted mean position) sits at the
 *    centre of the field.
 *
 * Images here are grey levels in [0, 1] (0 = paper, 1 = ink), row by row.
 */

/** The side of an MNIST image. */
export const DIGIT_SIZE = 28;
/** The side of the box the digit is scaled into before it is centred. */
export const DIGIT_BOX = 20;

/** A grey image, row by row: `pixels[y * width + x]` in [0, 1], 0 = paper. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Float32Array;
}

/** An inclusive pixel box: columns `x0..x1`, rows `y0..y1`. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The smallest box holding every pixel brighter than `threshold`; null when the image is blank. */
export function boundingBox(image: GreyImage, threshold = 0.05): Box | null {
  const { width, height, pixels } = image;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((pixels[y * width + x] ?? 0) > threshold) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** Copies the pixels inside `box` into an image of their own. */
export function crop(image: GreyImage, box: Box): GreyImage {
  const width = box.x1 - box.x0 + 1;
  const height = box.y1 - box.y0 + 1;
  const pixels = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (box.y0 + y) * image.width + box.x0;
    pixels.set(image.pixels.subarray(from, from + width), y * width);
  }
  return { width, height, pixels };
}

/**
 * Resizes by area averaging: each target pixel is the mean of the source area it covers, fractional pixels
 * at its edges weighted by how much of them it covers. Shrinking a thick black stroke this way gives the soft
 * grey edges of MNIST; enlarging repeats pixels.
 */
export function resizeArea(image: GreyImage, width: number, height: number): GreyImage {
  const out = new Float32Array(width * height);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let ty = 0; ty < height; ty++) {
    const top = ty * sy;
    const bottom = top + sy;
    for (let tx = 0; tx < width; tx++) {
      const left = tx * sx;
      const right = left + sx;
      let sum = 0;
      for (let y = Math.floor(top); y < Math.min(Math.ceil(bottom), image.height); y++) {
        const wy = Math.min(bottom, y + 1) - Math.max(top, y);
        if (wy <= 0) continue;
        for (let x = Math.floor(left); x < Math.min(Math.ceil(right), image.width); x++) {
          const wx = Math.min(right, x + 1) - Math.max(left, x);
          if (wx > 0) sum += wx * wy * (image.pixels[y * image.width + x] ?? 0);
        }
      }
      out[ty * width + tx] = sum / (sx * sy);
    }
  }
  return { width, height, pixels: out };
}

/**
 * The size an image of `width`×`height` gets when its longer side becomes `box` (proportions kept, at least
 * one pixel each way).
 */
export function fitSize(width: number, height: number, box = DIGIT_BOX): { width: number; height: number } {
  const scale = box / Math.max(width, height);
  return {
    width: Math.max(1, Math.min(box, Math.round(width * scale))),
    height: Math.max(1, Math.min(box, Math.round(height * scale))),
  };
}

/** The ink-weighted mean position `(x, y)` of an image, in pixel coordinates of pixel centres. */
export function centreOfMass(image: GreyImage): { x: number; y: number } | null {
  let mass = 0;
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const v = image.pixels[y * image.width + x] ?? 0;
      mass += v;
      sx += v * x;
      sy += v * y;
    }
  }
  return mass > 0 ? { x: sx / mass, y: sy / mass } : null;
}

/**
 * Pastes `image` into a `size`×`size` field, shifted by whole pixels so that its centre of mass lands as near
 * as possible to the field's centre, but never pushed out of the field.
 */
export function centreByMass(image: GreyImage, size = DIGIT_SIZE): GreyImage {
  const pixels = new Float32Array(size * size);
  const com = centreOfMass(image) ?? { x: (image.width - 1) / 2, y: (image.height - 1) / 2 };
  const centre = (size - 1) / 2;
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  const dx = clamp(Math.round(centre - com.x), size - image.width);
  const dy = clamp(Math.round(centre - com.y), size - image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      pixels[(y + dy) * size + x + dx] = image.pixels[y * image.width + x] ?? 0;
    }
  }
  return { width: size, height: size, pixels };
}

/** What preprocessing did to a drawing, for the lab to show. */
export interface Preprocessed {
  /** The 28×28 input of the network, grey levels in [0, 1]. */
  digit: GreyImage;
  /** The ink's bounding box in the drawing. */
  box: Box;
  /** The ink scaled to fit 20×20, before centring. */
  scaled: GreyImage;
}

/**
 * A drawing (any size, grey levels in [0, 1]) to the 28×28 image the network expects: crop to the ink,
 * scale the longer side to 20 pixels by area averaging, centre by mass in 28×28. Null for a blank drawing.
 */
export function preprocessDrawing(drawing: GreyImage, threshold = 0.05): Preprocessed | null {
  const box = boundingBox(drawing, threshold);
  if (!box) return null;
  const ink = crop(drawing, box);
  const size = fitSize(ink.width, ink.height);
  const scaled = resizeArea(ink, size.width, size.height);
  return { digit: centreByMass(scaled), box, scaled };
}
