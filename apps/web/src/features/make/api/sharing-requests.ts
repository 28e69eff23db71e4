/**
 * The studio's sharing calls (packages/contract/src/make.ts): share links, the class gallery, the teacher
 * view and remixing. Reading someone else's project is `silent`: the page says why it cannot open it.
 */
import { call } from '../../../lib/product-call.ts';
import { MAKE_PATHS } from './paths.ts';
import { callApi } from './requests.ts';

export const sharingRequests = {
  createShareLink: (id: number) =>
    callApi(MAKE_PATHS.shareLink(id), { method: 'POST', json: {} }, (s) => s.makeShareLinkSchema),
  revokeShareLink: async (id: number) => {
    await call<unknown>(MAKE_PATHS.shareLink(id), { method: 'DELETE' });
  },
  setClassShare: (id: number, shared: boolean) =>
    callApi(
      MAKE_PATHS.classShare(id),
      { method: 'PUT', json: { shared } },
      (s) => s.makeProjectSummarySchema,
    ),
  readShared: (token: string, signal?: AbortSignal) =>
    callApi(
      MAKE_PATHS.shared(token),
      { method: 'GET', signal, silent: true },
      (s) => s.makeSharedProjectSchema,
    ),
  remixShared: (token: string) =>
    callApi(MAKE_PATHS.remixShared(token), { method: 'POST', json: {} }, (s) => s.makeProjectSummarySchema),
  gallery: (signal?: AbortSignal) =>
    callApi(MAKE_PATHS.gallery, { method: 'GET', signal }, (s) => s.makeGallerySchema),
  teaching: (signal?: AbortSignal) =>
    callApi(MAKE_PATHS.teaching, { method: 'GET', signal }, (s) => s.makeTeachingListSchema),
  readReadable: (id: number, signal?: AbortSignal) =>
    callApi(
      MAKE_PATHS.readable(id),
      { method: 'GET', signal, silent: true },
      (s) => s.makeSharedProjectSchema,
    ),
  /** The pictures (costumes) of a project read through a share link or the class. */
  readAssets: (path: string, signal?: AbortSignal) =>
    callApi(path, { method: 'GET', signal, silent: true }, (s) => s.makeAssetListSchema),
  remixReadable: (id: number) =>
    callApi(MAKE_PATHS.remixReadable(id), { method: 'POST', json: {} }, (s) => s.makeProjectSummarySchema),
};
