/**
 * Where the model and WASM files the labs load are served, and how big each is before compression.
 * The build (apps/web/build/) is the one place that knows both: it may move the files under a content-hashed
 * folder (so they can be cached for a year) and it measures them. Labs ask here instead of hard-coding URLs.
 *
 * The manifest comes from apps/web/build/vision-assets.ts as the compile-time constant `__MODEL_ASSETS__`
 * (hashed prefixes in a build, sizes only under `vite` dev). Where nothing defines it (unit tests), URLs are
 * returned unchanged and sizes are unknown.
 */
export interface ModelAssetManifest {
  /** Served URL prefix for each source prefix, e.g. "/vision/models/" → "/vision/3fa9c2d1/models/". */
  prefixes: Record<string, string>;
  /** Uncompressed bytes of each file, keyed by its source URL path ("/vision/models/blazeface.bin"). */
  bytes: Record<string, number>;
}

declare const __MODEL_ASSETS__: ModelAssetManifest | undefined;

const manifest: ModelAssetManifest =
  typeof __MODEL_ASSETS__ === 'object' ? __MODEL_ASSETS__ : { prefixes: {}, bytes: {} };

/** The URL a model file (or folder, ending in "/") is served at. */
export function modelUrl(sourcePath: string): string {
  for (const [from, to] of Object.entries(manifest.prefixes)) {
    if (sourcePath.startsWith(from)) return to + sourcePath.slice(from.length);
  }
  return sourcePath;
}

/** The file's size before compression (what a download progress bar counts to), when the build measured it. */
export function modelBytes(sourcePath: string): number | undefined {
  return manifest.bytes[sourcePath];
}
