/**
 * A project file's pictures on the page's side (loaded with the file reader, runtime/on-demand.ts): Download
 * reads the project's pictures into data URLs for the file (version 2); opening such a file uploads them into
 * the new project and answers which new id each old one got, so the workspace's `asset:<id>` costumes follow.
 */
import type { MakeAsset } from '@ai-edu/contract';
import { MAKE_PATHS } from '../api/paths.ts';
import type { FilePicture } from '../runtime/project-file.ts';
import { uploadPicture } from './requests.ts';

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string); // readAsDataURL gives a string
    reader.onerror = () => reject(reader.error ?? new Error('unreadable picture'));
    reader.readAsDataURL(blob);
  });
}

/** The bytes of a data URL (decoded here: the page's CSP does not let fetch read `data:` addresses). */
function blobOf(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = dataUrl.slice('data:'.length, dataUrl.indexOf(';'));
  const text = atob(dataUrl.slice(comma + 1));
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** The project's pictures as a file carries them. */
export async function picturesForFile(
  projectId: number,
  assets: readonly MakeAsset[],
  uid: string | null,
): Promise<FilePicture[]> {
  return Promise.all(
    assets.map(async (asset) => {
      const response = await fetch(MAKE_PATHS.assetFile(projectId, asset.id), {
        headers: uid ? { Authorization: `Bearer ${uid}` } : {},
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return { id: asset.id, name: asset.name, data: await dataUrlOf(await response.blob()) };
    }),
  );
}

/** Uploads a file's pictures into `projectId`, one after another; answers old id → new id. */
export async function uploadFilePictures(
  projectId: number,
  pictures: readonly FilePicture[],
  session: { uid: string | null; language: string },
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const picture of pictures) {
    const blob = blobOf(picture.data);
    const made = await uploadPicture(projectId, { blob, fileName: 'picture', name: picture.name }, session);
    ids.set(picture.id, made.id);
  }
  return ids;
}
