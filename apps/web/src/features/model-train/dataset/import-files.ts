/**
 * Pictures from a dropped folder, a chosen folder or a `.zip` in the ImageNet layout, as upload items
 * (browser only: jszip, the File System entries API).
 */
import type { ImageUploadItem } from '../api/uploader.ts';
import { parseImageNetPath, type ImageNetEntry } from './imagenet.ts';

export interface ImportedFile extends ImageNetEntry {
  file: Blob;
}

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

function mimeOf(fileName: string): string {
  return MIME[fileName.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

export async function filesFromZip(zipFile: Blob): Promise<ImportedFile[]> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(zipFile);
  const out: ImportedFile[] = [];
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    const parsed = parseImageNetPath(entry.name);
    if (!parsed) continue;
    const bytes = await entry.async('uint8array');
    out.push({
      ...parsed,
      file: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeOf(parsed.fileName) }),
    });
  }
  return out;
}

/** An `<input webkitdirectory>` choice: each File knows its path. */
export function filesFromFolderInput(files: readonly File[]): ImportedFile[] {
  return files.flatMap((file) => {
    const parsed = parseImageNetPath(file.webkitRelativePath || file.name);
    return parsed ? [{ ...parsed, file }] : [];
  });
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

async function walk(entry: FileSystemEntry, out: { path: string; file: File }[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ path: entry.fullPath, file });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
    for (const child of batch) await walk(child, out);
  }
}

/** What was dropped: folders (walked), `.zip` files (opened) and loose pictures (no class: `looseFiles`). */
export async function filesFromDrop(
  items: DataTransferItemList,
): Promise<{ imported: ImportedFile[]; looseFiles: File[] }> {
  const entries = [...items]
    .map((item) => item.webkitGetAsEntry())
    .filter((e): e is FileSystemEntry => Boolean(e));
  const found: { path: string; file: File }[] = [];
  for (const entry of entries) await walk(entry, found);
  const imported: ImportedFile[] = [];
  const looseFiles: File[] = [];
  for (const { path, file } of found) {
    if (/\.zip$/i.test(file.name)) {
      imported.push(...(await filesFromZip(file)));
      continue;
    }
    const parsed = parseImageNetPath(path);
    if (parsed) imported.push({ ...parsed, file });
    else if (/\.(jpe?g|png|webp)$/i.test(file.name)) looseFiles.push(file);
  }
  return { imported, looseFiles };
}

/** Upload items for the imported files, with each class renamed to the project's spelling. */
export function toUploadItems(
  files: readonly ImportedFile[],
  rename: ReadonlyMap<string, string>,
): ImageUploadItem[] {
  return files.map((f) => ({
    file: f.file,
    fileName: f.fileName,
    label: rename.get(f.label) ?? f.label,
    split: f.split,
  }));
}
