/**
 * The files a browser fetches to open `/ailab/trainImage`, read from the build (apps/web/dist), not listed by
 * hand, so the set follows the app:
 * - the page itself (index.html, served for the route) and the favicon it links;
 * - from Vite's manifest (dist/.vite/manifest.json): the entry, the lab page and the lab's own chunk with their
 *   static imports and CSS, plus the chunks the lab imports on open (tfjs, through lib/vision/human.ts);
 * - the image backbone the lab loads (`<vision>/models/centernet.json` and the weight files its
 *   `weightsManifest` names, apps/web/src/labs/trainImage/backbone.ts);
 * - the WASM build a school PC without a usable GPU runs it on (the threaded SIMD build and its glue: the
 *   server makes pages cross-origin isolated). A browser with hardware WebGL skips these two.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { manifestClosure, readManifest, type Manifest } from '../vite-manifest.ts';

const LAB_CHUNKS = ['src/app/routes/labs/lab-page.tsx', 'src/labs/trainImage/index.tsx'];
/** Dynamic imports the lab makes as it opens (visionTf() imports tfjs): chunks named so in the manifest. */
const LOADED_ON_OPEN = /^_tfjs-/;
const WASM_FILES = ['tfjs-backend-wasm-threaded-simd.wasm', 'tfjs-backend-wasm-threaded-simd.js'];

/** Every file (dist-relative) of the chunks `keys`, their CSS and static imports, and the on-open dynamic ones. */
function chunkFiles(manifest: Manifest, keys: string[]): string[] {
  // index.html is a chunk key too (the lab page imports it); the page is counted once, as the route.
  return [...manifestClosure(manifest, keys, (key) => LOADED_ON_OPEN.test(key))].filter(
    (file) => !file.endsWith('.html'),
  );
}

/** The folder the build hashed `/vision/` into (`vision/<hash>`), or `vision` in an unhashed build. */
function visionDir(dist: string): string {
  const hashed = readdirSync(path.join(dist, 'vision')).find((name) => /^[0-9a-f]{12}$/.test(name));
  return hashed ? `vision/${hashed}` : 'vision';
}

/** URL paths, in the order a browser asks for them: page, scripts and styles, then model and WASM files. */
export function trainImageFiles(dist: string): string[] {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the manifest has no index.html entry');
  const vision = visionDir(dist);
  const backbone = `${vision}/models/centernet.json`;
  const graph = JSON.parse(readFileSync(path.join(dist, backbone), 'utf8')) as {
    weightsManifest: { paths: string[] }[];
  };
  const weights = graph.weightsManifest.flatMap((group) => group.paths).map((p) => `${vision}/models/${p}`);
  const files = [
    ...chunkFiles(manifest, [entry, ...LAB_CHUNKS]),
    backbone,
    ...weights,
    ...WASM_FILES.map((name) => `${vision}/wasm/${name}`),
  ];
  for (const file of files)
    if (!existsSync(path.join(dist, file))) throw new Error(`${file} is not in ${dist}`);
  return ['/ailab/trainImage', '/favicon.svg', ...files.map((file) => `/${file}`)];
}
