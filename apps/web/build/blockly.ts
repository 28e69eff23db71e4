/**
 * Vite plugin for the block studio (/make, docs/make-studio.md):
 * - Blockly's media (sprites, cursors, click sounds) from node_modules/blockly/media, served from our own
 *   origin at `/blockly-media/` (the studio passes that as Blockly's `media` option, whose default is a CDN);
 * - `@blockly/field-colour` (the standard colour blocks, no longer in Blockly's core) requires the Dart, Lua,
 *   PHP and Python generators from its bundle. The studio generates JavaScript only, so for that package those
 *   four resolve to an empty module instead of ~100 KB of code nobody runs;
 * - js-interpreter asks for Node's `vm` where a browser has no Web Workers (for sandboxed regular
 *   expressions); in a browser it resolves to `null` of its own, not to Vite's shared empty stand-in for Node
 *   modules, which sat in the tfjs chunk and made /make load all of TensorFlow.js.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const BLOCKLY_MEDIA_PATH = '/blockly-media/';

const here = path.dirname(fileURLToPath(import.meta.url));
const UNUSED_GENERATORS = new Set(['blockly/dart', 'blockly/lua', 'blockly/php', 'blockly/python']);
const EMPTY_MODULE = '\0blockly-unused-generator';
const NO_NODE_VM = '\0js-interpreter-no-vm';

function blocklyMediaDir(): string {
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', 'blockly', 'media');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error('blockly is not installed');
  }
}

export function blockly(): Plugin {
  return {
    name: 'ai-edu:blockly',
    // Before Vite's resolver, which would answer for `vm` (its stand-in for Node modules) and the generators.
    enforce: 'pre',
    resolveId(source, importer) {
      if (UNUSED_GENERATORS.has(source) && importer && /[\\/]@blockly[\\/]field-colour[\\/]/.test(importer)) {
        return EMPTY_MODULE;
      }
      if (source === 'vm' && importer && /[\\/]js-interpreter[\\/]/.test(importer)) return NO_NODE_VM;
      return null;
    },
    load(id) {
      if (id === EMPTY_MODULE) return 'export {};';
      if (id === NO_NODE_VM) return 'module.exports = null;';
      return null;
    },
    configureServer(server) {
      const dir = blocklyMediaDir();
      server.middlewares.use(BLOCKLY_MEDIA_PATH, (req, res, next) => {
        const name = path.basename((req.url ?? '').split('?')[0] ?? '');
        const file = path.join(dir, name);
        if (!name || !existsSync(file)) return next();
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      const dir = blocklyMediaDir();
      for (const name of readdirSync(dir)) {
        if (name.endsWith('.md') || name === 'LICENSE') continue;
        this.emitFile({
          type: 'asset',
          fileName: `${BLOCKLY_MEDIA_PATH.slice(1)}${name}`,
          source: readFileSync(path.join(dir, name)),
        });
      }
    },
  };
}
