/**
 * The Costumes panel's calls: upload (multipart: the picture and its name), rename and delete. The upload has
 * its own few lines over fetch because `lib/api-client.ts` sends JSON or urlencoded forms only (model training
 * has the same kind of client, but features do not import each other); the others go through the studio's
 * `callApi`, which toasts a refusal.
 */
import { MAKE, type MakeAsset } from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';
import { callApi } from '../api/requests.ts';
import { MAKE_PATHS } from '../api/paths.ts';
import { loadMakeSchemas } from '../runtime/on-demand.ts';

/** A refused upload, with the server's own message (already in the UI language) when it sent one. */
export class PictureUploadError extends Error {}

/** A picture's name from its file's: without the extension, at most the limit. */
export function pictureName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim().slice(0, MAKE.assetNameMax).trim();
}

export async function uploadPicture(
  projectId: number,
  picture: { blob: Blob; fileName: string; name: string },
  session: { uid: string | null; language: string },
): Promise<MakeAsset> {
  const form = new FormData();
  // The name first: multipart is ordered, and the server reads the fields with the file.
  form.append('name', picture.name);
  form.append('file', picture.blob, picture.fileName);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': session.language };
  if (session.uid) headers.Authorization = `Bearer ${session.uid}`;
  const [response, schemas] = await Promise.all([
    fetch(MAKE_PATHS.assets(projectId), { method: 'POST', headers, body: form }),
    loadMakeSchemas(),
  ]);
  const reply = (await response.json().catch(() => ({}))) as { message?: unknown; data?: unknown };
  if (!response.ok) {
    throw new PictureUploadError(
      typeof reply.message === 'string' ? reply.message : `HTTP ${response.status}`,
    );
  }
  return schemas.makeAssetSchema.parse(reply.data);
}

export const renamePicture = (projectId: number, assetId: number, name: string) =>
  callApi(
    MAKE_PATHS.asset(projectId, assetId),
    { method: 'PATCH', json: { name } },
    (s) => s.makeAssetSchema,
  );

export async function deletePicture(projectId: number, assetId: number): Promise<void> {
  await call<unknown>(MAKE_PATHS.asset(projectId, assetId), { method: 'DELETE' });
}

/** The picture's bytes as an object URL for an <img> (the API wants the session, which an <img> cannot send). */
export async function pictureUrl(path: string, uid: string | null, signal: AbortSignal): Promise<string> {
  const response = await fetch(path, { headers: uid ? { Authorization: `Bearer ${uid}` } : {}, signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
