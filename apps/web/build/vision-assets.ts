/**
 * Vite plugin: the on-device vision assets, served from our own origin, never a CDN and never in git.
 * - `/vision/models/*`: the pretrained models shipped in node_modules/@vladmandic/human/models
 * - `/vision/wasm/*`:   the TensorFlow.js WASM binaries from node_modules/@tensorflow/tfjs-backend-wasm/dist,
 *                       and its threaded build's emscripten glue, unbundled (the WASM threads load it)
 * `vite build` copies them into dist/vision/; `vite` (dev) serves them from node_modules.
 * It also points human's nobundle build at its file, stubs the WebGPU backend it imports, and (build only)
 * hands tfjs-backend-wasm our wrapper of its threaded glue (src/lib/vision/wasm-threaded-glue.ts says why).
 */
import { createReadStream, existsSync, mkdirSync, readdirSync, copyFileSync, statSync } from 'node:fs';
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
}

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
  ];
}

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.js': 'text/javascript',
};

export function visionAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vision-assets',
    config() {
      return {
        resolve: {
          alias: [
            {
              find: /^@vladmandic\/human\/dist\/human\.esm-nobundle\.js$/,
              replacement: path.join(packageDir('@vladmandic/human'), 'dist', 'human.esm-nobundle.js'),
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
        const matching = sources().filter(({ prefix }) => url.startsWith(prefix));
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
      for (const { prefix, dir, keep } of sources()) {
        const target = path.join(outDir, prefix);
        mkdirSync(target, { recursive: true });
        for (const file of readdirSync(dir).filter(keep))
          copyFileSync(path.join(dir, file), path.join(target, file));
      }
    },
  };
}
