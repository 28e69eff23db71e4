/**
 * The zip side of COCO import/export (coco.ts has the rules): reading a dropped `.zip` into an import plan
 * with the image bytes, and packing a project's images + COCO JSON into a zip for MMEdu.
 */
import JSZip from 'jszip';
import type { TrainImage, TrainSplit } from '@ai-edu/contract';
import type { ImageUploadItem } from '../api/index.ts';
import {
  cocoExportFiles,
  exportFileNames,
  fitBoxesToImage,
  parseCoco,
  planCocoImport,
  type CocoSource,
  type ImportPlan,
} from './coco.ts';

const IMAGE_EXT = /\.(jpe?g|png|webp)$/i;
/** macOS zips carry `__MACOSX/._name` shadows; they are not images. */
const JUNK = /(^|\/)(__MACOSX|\.)/;

export interface ZipImport {
  plan: ImportPlan;
  /** JSON files that could not be read, with the reason. */
  badJson: { path: string; error: string }[];
  /** Image files in the zip that no JSON mentions (not imported). */
  unlisted: number;
  /** The bytes of a planned image (by its zip path). */
  read: (zipPath: string) => Promise<Blob>;
}

function mimeOf(path: string): string {
  if (/\.png$/i.test(path)) return 'image/png';
  if (/\.webp$/i.test(path)) return 'image/webp';
  return 'image/jpeg';
}

/** Reads a COCO zip. Throws an Error when the file is not a zip or holds no usable COCO JSON. */
export async function readCocoZip(
  file: Blob | ArrayBuffer,
  existingClasses: readonly string[],
  room?: number,
): Promise<ZipImport> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(file);
  } catch {
    throw new Error('not-zip');
  }
  const paths = Object.values(zip.files)
    .filter((f) => !f.dir && !JUNK.test(f.name))
    .map((f) => f.name);
  const imagePaths = paths.filter((p) => IMAGE_EXT.test(p));
  const sources: CocoSource[] = [];
  const badJson: ZipImport['badJson'] = [];
  for (const path of paths.filter((p) => /\.json$/i.test(p))) {
    const parsed = parseCoco(await zip.file(path)!.async('string'));
    if (parsed.ok) sources.push({ path, coco: parsed.coco });
    else badJson.push({ path, error: parsed.error });
  }
  if (sources.length === 0) throw new Error('no-coco');
  const plan = planCocoImport(sources, imagePaths, existingClasses, room);
  const planned = new Set(plan.images.map((im) => im.zipPath));
  return {
    plan,
    badJson,
    unlisted: imagePaths.filter((p) => !planned.has(p)).length,
    read: async (zipPath) => {
      const bytes = await zip.file(zipPath)!.async('uint8array');
      return new Blob([bytes as BlobPart], { type: mimeOf(zipPath) });
    },
  };
}

/**
 * The upload items of a plan, each image's boxes checked against its real size (`measure` decodes it;
 * the page uses createImageBitmap). Images that cannot be decoded are left out and named.
 */
export async function uploadItemsOf(
  imported: ZipImport,
  measure: (blob: Blob) => Promise<{ width: number; height: number } | null>,
): Promise<{ items: ImageUploadItem[]; undecodable: string[]; droppedBoxes: number }> {
  const items: ImageUploadItem[] = [];
  const undecodable: string[] = [];
  let droppedBoxes = 0;
  for (const im of imported.plan.images) {
    const blob = await imported.read(im.zipPath);
    const size = await measure(blob);
    if (!size) {
      undecodable.push(im.fileName);
      continue;
    }
    const fitted = fitBoxesToImage(im.boxes, size.width, size.height);
    droppedBoxes += fitted.dropped;
    items.push({ file: blob, fileName: im.fileName, split: im.split, boxes: fitted.boxes });
  }
  return { items, undecodable, droppedBoxes };
}

/** The image's size, from its pixels. */
export async function measureImage(blob: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(blob);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * The export zip: `images/<file>`, `annotations.json`, `annotations/{train,val,test}.json`, README.txt.
 * `fetchImage` loads one stored image's bytes (the page: fetch(url)).
 */
export async function buildCocoZip(
  images: readonly TrainImage[],
  classes: readonly string[],
  splitOf: (id: number) => TrainSplit,
  fetchImage: (image: TrainImage) => Promise<Blob>,
  onProgress?: (done: number, total: number) => void,
): Promise<Blob> {
  const zip = new JSZip();
  const names = exportFileNames(images);
  let done = 0;
  for (const im of images) {
    zip.file(`images/${names.get(im.id)}`, await fetchImage(im));
    onProgress?.(++done, images.length);
  }
  for (const { path, json } of cocoExportFiles(images, classes, splitOf)) {
    zip.file(path, JSON.stringify(json, null, 1));
  }
  zip.file(
    'README.txt',
    [
      'COCO detection dataset exported from AI-edu model training.',
      'images/                 every image',
      'annotations.json        every image and box (COCO: bbox = [x, y, width, height] in pixels)',
      'annotations/train.json  the training split; val.json and test.json the others',
      'Category ids are 1..K in the order of the classes.',
      '',
    ].join('\n'),
  );
  return zip.generateAsync({ type: 'blob' });
}
