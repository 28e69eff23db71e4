/**
 * The painter's pictures on screen and in files: side × side values in [0, 1] (1: ink) become dark ink on
 * white paper, smoothly enlarged (28 pixels are too few to look at as squares).
 */

/** Picture `index` of pictures stored end to end, as RGBA bytes. */
export function inkToRgba(
  pictures: Float32Array,
  index: number,
  side: number,
): Uint8ClampedArray<ArrayBuffer> {
  const count = side * side;
  const rgba = new Uint8ClampedArray(count * 4);
  for (let i = 0; i < count; i++) {
    const ink = Math.min(1, Math.max(0, pictures[index * count + i] ?? 0));
    const shade = Math.round(255 * (1 - ink));
    rgba.set([shade, shade, shade, 255], i * 4);
  }
  return rgba;
}

/** How many pictures of side × side the array holds. */
export const pictureCount = (pictures: Float32Array, side: number) =>
  Math.floor(pictures.length / (side * side));

/** Draws picture `index`, enlarged to fill the canvas. */
export function drawPicture(canvas: HTMLCanvasElement, pictures: Float32Array, index: number, side: number) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const small = document.createElement('canvas');
  small.width = side;
  small.height = side;
  small.getContext('2d')?.putImageData(new ImageData(inkToRgba(pictures, index, side), side, side), 0, 0);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(small, 0, 0, canvas.width, canvas.height);
}

/** Picture `index` as a PNG of `size` × `size` pixels (for the gallery and downloads). */
export function pictureBlob(
  pictures: Float32Array,
  index: number,
  side: number,
  size: number,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  drawPicture(canvas, pictures, index, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be made'))),
      'image/png',
    ),
  );
}
