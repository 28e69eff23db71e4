/**
 * Vite plugin: the on-device vision assets, served from our own origin, never a CDN and never in git.
 * - `/vision/models/*`: the pretrained models shipped in node_modules/@vladmandic/human/models
 * - `/vision/wasm/*`:   the TensorFlow.js WASM binaries from node_modules/@tensorflow/tfjs-backend-wasm/dist
 * `vite build` copies them into dist/vision/; `vite` (dev) serves them from node_modules.
 * It also points human's nobundle build at its file and stubs the WebGPU backend it imports.
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

/** URL prefix → [source folder, file filter]. */
function sources(): Record<string, { dir: string; keep: (file: string) => boolean }> {
  return {
    '/vision/models/': {
      dir: path.join(packageDir('@vladmandic/human'), 'models'),
      keep: (file) => file.endsWith('.json') || file.endsWith('.bin'),
    },
    '/vision/wasm/': {
      dir: path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist'),
      keep: (file) => file.endsWith('.wasm'),
    },
  };
}

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
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
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        for (const [prefix, { dir, keep }] of Object.entries(sources())) {
          if (!url.startsWith(prefix)) continue;
          const name = path.basename(decodeURIComponent(url.slice(prefix.length)));
          const file = path.join(dir, name);
          if (!keep(name) || !existsSync(file)) {
            res.statusCode = 404;
            res.end();
            return;
          }
          res.setHeader('content-type', TYPES[path.extname(name)] ?? 'application/octet-stream');
          res.setHeader('content-length', String(statSync(file).size));
          createReadStream(file).pipe(res);
          return;
        }
        next();
      });
    },
    writeBundle() {
      for (const [prefix, { dir, keep }] of Object.entries(sources())) {
        const target = path.join(outDir, prefix);
        mkdirSync(target, { recursive: true });
        for (const file of readdirSync(dir).filter(keep))
          copyFileSync(path.join(dir, file), path.join(target, file));
      }
    },
  };
}
