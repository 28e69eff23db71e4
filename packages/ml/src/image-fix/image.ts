/**
 * The picture type every image-fix function takes: RGBA bytes, row by row, exactly like the browser's
 * ImageData (so a canvas's pixels go in and come out without copying), but with no DOM needed.
 */
export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes: red, green, blue, alpha. */
  data: Uint8ClampedArray;
}

/** A new picture of one colour (opaque black by default). */
export function createImage(width: number, height: number, rgb: [number, number, number] = [0, 0, 0]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = rgb[0];
    data[i + 1] = rgb[1];
    data[i + 2] = rgb[2];
    data[i + 3] = 255;
  }
  return { width, height, data } satisfies RgbaImage;
}

export function cloneImage(image: RgbaImage): RgbaImage {
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
}

/**
 * Brightness of every pixel as one number 0–255 (the Rec. 601 weights: our eyes see green as brightest and
 * blue as darkest), the grey picture the scratch finder and the histograms work on.
 */
export function luminance(image: RgbaImage): Float32Array {
  const out = new Float32Array(image.width * image.height);
  const { data } = image;
  for (let p = 0, i = 0; p < out.length; p++, i += 4)
    out[p] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  return out;
}

/** How many pixels of the mask are set (any value above 0). */
export function maskCount(mask: Uint8Array): number {
  let n = 0;
  for (const value of mask) if (value > 0) n++;
  return n;
}
