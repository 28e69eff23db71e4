import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  chooseSources,
  cocoExportFiles,
  exportFileNames,
  fileResolver,
  fitBoxesToImage,
  parseCoco,
  planCocoImport,
  splitOfJsonName,
  toClassName,
  type CocoFile,
} from './coco.ts';
import { buildCocoZip, readCocoZip, uploadItemsOf } from './coco-zip.ts';

const coco: CocoFile = {
  images: [
    { id: 1, file_name: 'a.jpg', width: 100, height: 80 },
    { id: 2, file_name: 'sub/b.png', width: 50, height: 50 },
    { id: 3, file_name: 'missing.jpg', width: 10, height: 10 },
  ],
  annotations: [
    { image_id: 1, category_id: 7, bbox: [10, 10, 20, 20] },
    { image_id: 1, category_id: 8, bbox: [90, 70, 30, 30] }, // partly outside: cut
    { image_id: 1, category_id: 9, bbox: [1, 1, 5, 5] }, // unknown category
    { image_id: 2, category_id: 7, bbox: [60, 60, 5, 5] }, // wholly outside
    { image_id: 2, category_id: 7, bbox: [1, 1, 10, 10] },
    { image_id: 42, category_id: 7, bbox: [1, 1, 10, 10] }, // unknown image
  ],
  categories: [
    { id: 7, name: 'Circle' },
    { id: 8, name: 'square!' },
  ],
};

describe('parseCoco', () => {
  it('accepts a COCO file and names the first wrong field otherwise', () => {
    expect(parseCoco(JSON.stringify(coco)).ok).toBe(true);
    expect(parseCoco('{')).toEqual({ ok: false, error: 'not JSON' });
    const bad = parseCoco(
      JSON.stringify({ ...coco, annotations: [{ image_id: 1, category_id: 7, bbox: [1] }] }),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('annotations.0.bbox');
  });
});

describe('names', () => {
  it('makes category names into class names', () => {
    expect(toClassName('square!')).toBe('square_');
    expect(toClassName('  dog  ')).toBe('dog');
    expect(toClassName('!!!')).toBeNull();
  });
  it('reads splits from JSON names', () => {
    expect(splitOfJsonName('annotations/train.json')).toBe('train');
    expect(splitOfJsonName('instances_val.json')).toBe('val');
    expect(splitOfJsonName('valid.json')).toBe('val');
    expect(splitOfJsonName('x/test.json')).toBe('test');
    expect(splitOfJsonName('annotations.json')).toBeNull();
  });
  it('resolves file names by path or unique base name', () => {
    const resolve = fileResolver(['data/images/a.jpg', 'data/images/sub/b.png', 'x/c.jpg', 'y/c.jpg']);
    expect(resolve('a.jpg')).toBe('data/images/a.jpg');
    expect(resolve('sub/b.png')).toBe('data/images/sub/b.png');
    expect(resolve('c.jpg')).toBeNull();
    expect(resolve('x/c.jpg')).toBe('x/c.jpg');
  });
  it('prefers split files, then annotations.json', () => {
    const s = (path: string) => ({ path, coco });
    expect(chooseSources([s('annotations.json'), s('annotations/train.json')]).map((x) => x.path)).toEqual([
      'annotations/train.json',
    ]);
    expect(chooseSources([s('other.json'), s('annotations.json')]).map((x) => x.path)).toEqual([
      'annotations.json',
    ]);
  });
});

describe('planCocoImport', () => {
  it('maps categories to classes, cuts, skips and counts', () => {
    const plan = planCocoImport([{ path: 'annotations.json', coco }], ['a.jpg', 'sub/b.png'], ['circle']);
    expect(plan.classes).toEqual(['circle', 'square_']);
    expect(plan.images.map((im) => im.fileName)).toEqual(['a.jpg', 'b.png']);
    expect(plan.images[0]!.boxes).toEqual([
      { label: 'circle', x: 10, y: 10, w: 20, h: 20 },
      { label: 'square_', x: 90, y: 70, w: 10, h: 10 },
    ]);
    expect(plan.images[1]!.boxes).toEqual([{ label: 'circle', x: 1, y: 1, w: 10, h: 10 }]);
    expect(plan.issues).toMatchObject({
      missingFiles: ['missing.jpg'],
      unknownCategory: 1,
      unknownImage: 1,
      outsideBoxes: 1,
      clippedBoxes: 1,
    });
  });
  it('stops at the room left in the project', () => {
    const plan = planCocoImport([{ path: 'train.json', coco }], ['a.jpg', 'sub/b.png'], [], 1);
    expect(plan.images).toHaveLength(1);
    expect(plan.images[0]!.split).toBe('train');
    expect(plan.issues.tooManyImages).toBe(1);
  });
  it('fits boxes to the real image size', () => {
    expect(
      fitBoxesToImage(
        [
          { label: 'a', x: 5, y: 5, w: 100, h: 10 },
          { label: 'a', x: 60, y: 5, w: 10, h: 10 },
        ],
        50,
        50,
      ),
    ).toEqual({ boxes: [{ label: 'a', x: 5, y: 5, w: 45, h: 10 }], dropped: 1 });
  });
});

describe('export', () => {
  const images = [
    { id: 5, fileName: 'a.jpg', width: 100, height: 80, boxes: [{ label: 'cat', x: 1, y: 2, w: 3, h: 4 }] },
    { id: 6, fileName: 'a.jpg', width: 10, height: 10, boxes: [{ label: 'gone', x: 1, y: 2, w: 3, h: 4 }] },
  ];
  it('gives every image a unique file name', () => {
    expect([...exportFileNames(images).values()]).toEqual(['a.jpg', 'a-6.jpg']);
  });
  it('writes COCO with 1-based categories, one file per split', () => {
    const files = cocoExportFiles(images, ['cat', 'dog'], (id) => (id === 5 ? 'train' : 'test'));
    expect(files.map((f) => f.path)).toEqual([
      'annotations.json',
      'annotations/train.json',
      'annotations/val.json',
      'annotations/test.json',
    ]);
    const all = files[0]!.json;
    expect(all.categories.map((c) => [c.id, c.name])).toEqual([
      [1, 'cat'],
      [2, 'dog'],
    ]);
    expect(all.annotations).toEqual([
      { id: 1, image_id: 5, category_id: 1, bbox: [1, 2, 3, 4], area: 12, iscrowd: 0 },
    ]);
    expect(files[1]!.json.images.map((im) => im.file_name)).toEqual(['a.jpg']);
    expect(files[3]!.json.images.map((im) => im.file_name)).toEqual(['a-6.jpg']);
  });
});

describe('zip round trip', () => {
  it('imports what it exported, splits included', async () => {
    const stored = [
      {
        id: 1,
        fileName: 'one.png',
        width: 40,
        height: 30,
        boxes: [{ label: 'ball', x: 2, y: 3, w: 10, h: 12 }],
      },
      { id: 2, fileName: 'two.png', width: 40, height: 30, boxes: [] },
    ].map((im) => ({
      ...im,
      projectId: 1,
      label: null,
      split: null,
      bytes: 3,
      url: `/u/${im.id}`,
      thumbUrl: '',
      createdAt: '',
    }));
    const blob = await buildCocoZip(
      stored,
      ['ball'],
      (id) => (id === 1 ? 'train' : 'val'),
      async (im) => new Blob([`img${im.id}`]),
    );
    const imported = await readCocoZip(await blob.arrayBuffer(), []);
    expect(imported.badJson).toEqual([]);
    expect(imported.plan.classes).toEqual(['ball']);
    expect(imported.plan.images.map((im) => [im.fileName, im.split, im.boxes])).toEqual([
      ['one.png', 'train', [{ label: 'ball', x: 2, y: 3, w: 10, h: 12 }]],
      ['two.png', 'val', []],
    ]);
    expect(await (await imported.read('images/one.png')).text()).toBe('img1');
    const { items, undecodable } = await uploadItemsOf(imported, async (b) =>
      (await b.text()) === 'img2' ? null : { width: 8, height: 8 },
    );
    expect(undecodable).toEqual(['two.png']);
    expect(items[0]!.boxes).toEqual([{ label: 'ball', x: 2, y: 3, w: 6, h: 5 }]);
  });
  it('refuses a non-zip and a zip without COCO', async () => {
    await expect(readCocoZip(new TextEncoder().encode('hello').buffer, [])).rejects.toThrow('not-zip');
    const zip = new JSZip();
    zip.file('a.jpg', 'x');
    zip.file('notes.json', '{"hello": 1}');
    await expect(readCocoZip(await zip.generateAsync({ type: 'arraybuffer' }), [])).rejects.toThrow(
      'no-coco',
    );
  });
});
