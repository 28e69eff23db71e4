/**
 * COCO detection files in and out.
 *
 * Import: a `.zip` holding the images and COCO JSON (`annotations.json`, or any `*.json`; files named
 * train/val/valid/test `.json` give those images that split). Each JSON is checked with zod; what cannot be
 * used is skipped and counted (a missing image file, an annotation of an unknown category, a box outside its
 * image), never a crash. A box partly outside is cut to the image.
 *
 * Export: `images/<file>` + `annotations.json` (every image) + `annotations/train.json`, `annotations/val.json`,
 * `annotations/test.json` (one per split, file names relative to `images/`), see docs/model-training.md.
 */
import { z } from 'zod';
import {
  MODEL_TRAIN,
  trainClassNameSchema,
  type TrainBox,
  type TrainImage,
  type TrainSplit,
} from '@ai-edu/contract';
import { clipToImage, roundRect } from './labeller/geometry.ts';

// ---- the COCO subset we read ----

const finite = z.number().finite();

export const cocoFileSchema = z.object({
  images: z
    .array(
      z.object({
        id: z.union([z.number(), z.string()]),
        file_name: z.string().min(1).max(500),
        width: finite.positive().optional(),
        height: finite.positive().optional(),
      }),
    )
    .max(MODEL_TRAIN.maxImagesPerProject * 5),
  annotations: z
    .array(
      z.object({
        image_id: z.union([z.number(), z.string()]),
        category_id: z.union([z.number(), z.string()]),
        bbox: z.tuple([finite, finite, finite, finite]),
      }),
    )
    .default([]),
  categories: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })).min(1),
});
export type CocoFile = z.infer<typeof cocoFileSchema>;

export type CocoParse = { ok: true; coco: CocoFile } | { ok: false; error: string };

/** Reads and checks one JSON text; the error names the first wrong field. */
export function parseCoco(textContent: string): CocoParse {
  let raw: unknown;
  try {
    raw = JSON.parse(textContent);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const parsed = cocoFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, coco: parsed.data };
}

/** A category name made into one of our class names (letters, digits, space _ - .), or null. */
export function toClassName(name: string): string | null {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} _.-]/gu, '_')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .trim()
    .slice(0, MODEL_TRAIN.classNameMax)
    .trim();
  return trainClassNameSchema.safeParse(cleaned).success ? cleaned : null;
}

/** The split a JSON file's name stands for (`train.json`, `annotations/valid.json` …), or null. */
export function splitOfJsonName(path: string): TrainSplit | null {
  const base =
    path
      .split('/')
      .pop()
      ?.toLowerCase()
      .replace(/\.json$/, '') ?? '';
  if (/(^|[_-])train$/.test(base)) return 'train';
  if (/(^|[_-])(val|valid|validation)$/.test(base)) return 'val';
  if (/(^|[_-])test$/.test(base)) return 'test';
  return null;
}

// ---- import plan ----

export interface ImportImage {
  /** The path of the image inside the zip. */
  zipPath: string;
  fileName: string;
  split: TrainSplit | null;
  /** Boxes in the image's pixels, by class name. */
  boxes: TrainBox[];
  /** Size from the JSON, when given (checked against the real image before upload). */
  width?: number;
  height?: number;
}

export interface ImportIssues {
  /** file_name values with no file in the zip. */
  missingFiles: string[];
  /** Annotations whose category is not in `categories` (or whose name cannot be a class name). */
  unknownCategory: number;
  /** Annotations whose image_id is not in `images`. */
  unknownImage: number;
  /** Boxes wholly outside their image, or with no area. */
  outsideBoxes: number;
  /** Boxes partly outside, cut to the image. */
  clippedBoxes: number;
  /** Boxes over the per-image limit. */
  tooManyBoxes: number;
  /** Images over the project's limit. */
  tooManyImages: number;
}

export interface ImportPlan {
  /** The project's classes followed by the new ones the COCO file brings. */
  classes: string[];
  images: ImportImage[];
  issues: ImportIssues;
}

export interface CocoSource {
  /** The JSON's path in the zip (its name may give a split). */
  path: string;
  coco: CocoFile;
}

function emptyIssues(): ImportIssues {
  return {
    missingFiles: [],
    unknownCategory: 0,
    unknownImage: 0,
    outsideBoxes: 0,
    clippedBoxes: 0,
    tooManyBoxes: 0,
    tooManyImages: 0,
  };
}

/** Looks a COCO `file_name` up among the zip's image paths: the exact path under any folder, then the base name. */
export function fileResolver(zipPaths: readonly string[]): (fileName: string) => string | null {
  const byPath = new Map<string, string>();
  const byBase = new Map<string, string | null>();
  for (const path of zipPaths) {
    byPath.set(path.toLowerCase(), path);
    const base = path.split('/').pop()!.toLowerCase();
    byBase.set(base, byBase.has(base) ? null : path); // null: two files share the name, ambiguous
  }
  return (fileName) => {
    const wanted = fileName
      .replace(/\\/g, '/')
      .replace(/^\.?\//, '')
      .toLowerCase();
    const exact = byPath.get(wanted);
    if (exact) return exact;
    const under = [...byPath].filter(([lower]) => lower.endsWith(`/${wanted}`));
    if (under.length === 1) return under[0]![1];
    if (under.length > 1) return null; // the same path under two folders: ambiguous
    return byBase.get(wanted.split('/').pop()!) ?? null;
  };
}

/**
 * Which of several JSON files to read: the split files (train/val/test) when the zip has any, else
 * `annotations.json`, else every JSON.
 */
export function chooseSources(sources: readonly CocoSource[]): CocoSource[] {
  const split = sources.filter((s) => splitOfJsonName(s.path) !== null);
  if (split.length > 0) return split;
  const main = sources.filter((s) => s.path.split('/').pop()?.toLowerCase() === 'annotations.json');
  return main.length > 0 ? main : [...sources];
}

/**
 * Turns COCO files + the zip's image paths into what to upload. `existingClasses` keep their order; names
 * are matched without case. `room` is how many images the project can still take.
 */
export function planCocoImport(
  sources: readonly CocoSource[],
  zipImagePaths: readonly string[],
  existingClasses: readonly string[],
  room: number = MODEL_TRAIN.maxImagesPerProject,
): ImportPlan {
  const issues = emptyIssues();
  const classes = [...existingClasses];
  const classByLower = new Map(classes.map((c) => [c.toLowerCase(), c]));
  const resolve = fileResolver(zipImagePaths);
  const images: ImportImage[] = [];
  const seen = new Set<string>();

  for (const { path, coco } of chooseSources(sources)) {
    const split = splitOfJsonName(path);
    const categoryName = new Map<string, string | null>();
    for (const cat of coco.categories) {
      const name = toClassName(cat.name);
      let className: string | null = null;
      if (name) {
        className = classByLower.get(name.toLowerCase()) ?? null;
        if (!className && classes.length < MODEL_TRAIN.maxClasses) {
          className = name;
          classes.push(name);
          classByLower.set(name.toLowerCase(), name);
        }
      }
      categoryName.set(String(cat.id), className);
    }

    const annotationsByImage = new Map<string, CocoFile['annotations']>();
    const imageIds = new Set(coco.images.map((im) => String(im.id)));
    for (const ann of coco.annotations) {
      const key = String(ann.image_id);
      if (!imageIds.has(key)) {
        issues.unknownImage += 1;
        continue;
      }
      const list = annotationsByImage.get(key) ?? [];
      list.push(ann);
      annotationsByImage.set(key, list);
    }

    for (const im of coco.images) {
      const zipPath = resolve(im.file_name);
      if (!zipPath) {
        issues.missingFiles.push(im.file_name);
        continue;
      }
      if (seen.has(zipPath)) continue;
      if (images.length >= room) {
        issues.tooManyImages += 1;
        continue;
      }
      seen.add(zipPath);
      const boxes: TrainBox[] = [];
      for (const ann of annotationsByImage.get(String(im.id)) ?? []) {
        const label = categoryName.get(String(ann.category_id));
        if (!label) {
          issues.unknownCategory += 1;
          continue;
        }
        const [x, y, w, h] = ann.bbox;
        const box = { x, y, w, h };
        const inside =
          im.width && im.height
            ? clipToImage(box, im.width, im.height)
            : clipToImage(box, Infinity, Infinity);
        if (inside.w < 1 || inside.h < 1) {
          issues.outsideBoxes += 1;
          continue;
        }
        if (inside.x !== x || inside.y !== y || inside.w !== w || inside.h !== h) issues.clippedBoxes += 1;
        if (boxes.length >= MODEL_TRAIN.maxBoxesPerImage) {
          issues.tooManyBoxes += 1;
          continue;
        }
        boxes.push({ label, ...roundRect(inside) });
      }
      images.push({
        zipPath,
        fileName: zipPath.split('/').pop()!,
        split,
        boxes,
        width: im.width,
        height: im.height,
      });
    }
  }
  return { classes, images, issues };
}

/**
 * Boxes checked against the real image size (a JSON may omit or misstate it): cut to the image, dropped
 * (and counted) when nothing is left.
 */
export function fitBoxesToImage(
  boxes: readonly TrainBox[],
  width: number,
  height: number,
): { boxes: TrainBox[]; dropped: number } {
  const out: TrainBox[] = [];
  let dropped = 0;
  for (const box of boxes) {
    const inside = roundRect(clipToImage(box, width, height));
    if (inside.w < 1 || inside.h < 1) dropped += 1;
    else out.push({ label: box.label, ...inside });
  }
  return { boxes: out, dropped };
}

// ---- export ----

export interface CocoExportImage {
  id: number;
  file_name: string;
  width: number;
  height: number;
}

export interface CocoExport {
  info: { description: string; version: string };
  images: CocoExportImage[];
  annotations: {
    id: number;
    image_id: number;
    category_id: number;
    bbox: number[];
    area: number;
    iscrowd: 0;
  }[];
  categories: { id: number; name: string; supercategory: string }[];
}

/** A unique file name per image (two uploads may share a name): `name.jpg`, then `name-<id>.jpg`. */
export function exportFileNames(images: readonly Pick<TrainImage, 'id' | 'fileName'>[]): Map<number, string> {
  const used = new Set<string>();
  const names = new Map<number, string>();
  for (const im of images) {
    const safe = im.fileName.replace(/[\\/:*?"<>|]/g, '_') || `image-${im.id}.jpg`;
    let name = safe;
    if (used.has(name.toLowerCase())) {
      const dot = safe.lastIndexOf('.');
      name = dot > 0 ? `${safe.slice(0, dot)}-${im.id}${safe.slice(dot)}` : `${safe}-${im.id}`;
    }
    used.add(name.toLowerCase());
    names.set(im.id, name);
  }
  return names;
}

/** The COCO JSON of some images (category ids 1…K in the project's class order; unknown labels left out). */
export function toCoco(
  images: readonly Pick<TrainImage, 'id' | 'fileName' | 'width' | 'height' | 'boxes'>[],
  classes: readonly string[],
  fileNames: Map<number, string>,
): CocoExport {
  const categoryId = new Map(classes.map((name, i) => [name, i + 1]));
  let nextAnnotation = 1;
  const annotations: CocoExport['annotations'] = [];
  for (const im of images) {
    for (const box of im.boxes) {
      const category = categoryId.get(box.label);
      if (!category) continue;
      annotations.push({
        id: nextAnnotation++,
        image_id: im.id,
        category_id: category,
        bbox: [box.x, box.y, box.w, box.h],
        area: Math.round(box.w * box.h * 100) / 100,
        iscrowd: 0,
      });
    }
  }
  return {
    info: { description: 'AI-edu detection dataset', version: '1.0' },
    images: images.map((im) => ({
      id: im.id,
      file_name: fileNames.get(im.id) ?? im.fileName,
      width: im.width,
      height: im.height,
    })),
    annotations,
    categories: classes.map((name, i) => ({ id: i + 1, name, supercategory: 'object' })),
  };
}

/** The JSON files of an export: everything, then one per split (images whose split is set or assigned). */
export function cocoExportFiles(
  images: readonly Pick<TrainImage, 'id' | 'fileName' | 'width' | 'height' | 'boxes'>[],
  classes: readonly string[],
  splitOf: (id: number) => TrainSplit,
): { path: string; json: CocoExport }[] {
  const names = exportFileNames(images);
  const files = [{ path: 'annotations.json', json: toCoco(images, classes, names) }];
  for (const split of ['train', 'val', 'test'] as const) {
    const part = images.filter((im) => splitOf(im.id) === split);
    files.push({ path: `annotations/${split}.json`, json: toCoco(part, classes, names) });
  }
  return files;
}
