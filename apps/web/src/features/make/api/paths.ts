/** The studio's routes (packages/contract/src/make.ts), in one place so a moved route is one edit. */
export const MAKE_PATHS = {
  projects: '/api/make/projects',
  project: (id: number) => `/api/make/projects/${id}`,
  duplicate: (id: number) => `/api/make/projects/${id}/duplicate`,
  versions: (id: number) => `/api/make/projects/${id}/versions`,
  restore: (id: number, versionId: number) => `/api/make/projects/${id}/versions/${versionId}/restore`,
  shareLink: (id: number) => `/api/make/projects/${id}/share-link`,
  classShare: (id: number) => `/api/make/projects/${id}/class-share`,
  shared: (token: string) => `/api/make/shared/${encodeURIComponent(token)}`,
  remixShared: (token: string) => `/api/make/shared/${encodeURIComponent(token)}/remix`,
  sharedAssets: (token: string) => `/api/make/shared/${encodeURIComponent(token)}/assets`,
  sharedAssetFile: (token: string, assetId: number) =>
    `/api/make/shared/${encodeURIComponent(token)}/assets/${assetId}/file`,
  gallery: '/api/make/gallery',
  teaching: '/api/make/teaching',
  readable: (id: number) => `/api/make/readable/${id}`,
  remixReadable: (id: number) => `/api/make/readable/${id}/remix`,
  readableAssets: (id: number) => `/api/make/readable/${id}/assets`,
  readableAssetFile: (id: number, assetId: number) => `/api/make/readable/${id}/assets/${assetId}/file`,
  thumbnail: (id: number) => `/api/make/projects/${id}/thumbnail`,
  assets: (id: number) => `/api/make/projects/${id}/assets`,
  asset: (id: number, assetId: number) => `/api/make/projects/${id}/assets/${assetId}`,
  assetFile: (id: number, assetId: number) => `/api/make/projects/${id}/assets/${assetId}/file`,
  lessonStarter: '/api/make/lesson-starter',
  openLessonStarter: '/api/make/lesson-starter/open',
} as const;

/** TanStack Query keys, all under `make`. */
export const makeKeys = {
  all: ['make'] as const,
  projects: () => ['make', 'projects'] as const,
  project: (id: number) => ['make', 'project', id] as const,
  versions: (id: number) => ['make', 'versions', id] as const,
  assets: (id: number) => ['make', 'assets', id] as const,
  gallery: () => ['make', 'gallery'] as const,
  teaching: () => ['make', 'teaching'] as const,
  lessonStarter: () => ['make', 'lesson-starter'] as const,
  starters: () => ['make', 'starters'] as const,
};
