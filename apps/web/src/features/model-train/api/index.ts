/** The model-training API layer: hooks for the pages, plain requests, the uploader. */
export * from './hooks.ts';
export { trainRequests, type ProjectList, type ImageUpdate, type ImagePatch } from './requests.ts';
export { TRAIN_PATHS, trainKeys } from './paths.ts';
export { UploadError } from './multipart.ts';
export {
  uploadTrainImages,
  UPLOAD_CONCURRENCY,
  type ImageUploadItem,
  type UploadResult,
  type UploadState,
  type UploadFailure,
} from './uploader.ts';
export { makeThumbnail, thumbSize, THUMB_SIDE } from './thumbnail.ts';
export { runPool } from './pool.ts';
