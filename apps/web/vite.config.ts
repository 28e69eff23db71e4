import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { accessibleAntd } from './build/accessible-antd.ts';
import { blockly } from './build/blockly.ts';
import { precompress } from './build/precompress.ts';
import { visionAssets } from './build/vision-assets.ts';

/** Source maps only when asked for (`SOURCE_MAPS=1 npm run build`). */
function sourceMapsWanted(env: NodeJS.ProcessEnv): boolean {
  return ['1', 'true', 'yes'].includes((env.SOURCE_MAPS ?? '').toLowerCase());
}

// The API is same-origin in production (the server serves dist/), so dev proxies it to the local server.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), accessibleAntd(), blockly(), visionAssets(), precompress()],
  // The dev server pre-bundles antd's libraries without the app's plugins: the same rewrites there.
  optimizeDeps: { rolldownOptions: { plugins: [accessibleAntd()] } },
  resolve: {
    // zod with our settings applied first (src/lib/zod-configured.ts says why); it imports 'zod/v4' itself.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-configured.ts', import.meta.url)) },
    ],
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    modulePreload: {
      // The lab registry is on the first page and lazily imports twenty labs: Vite would list each lab's
      // chunks there to preload them beside it (~8 KB gzip of file names on every first page). A lab's chunk
      // names its own imports anyway, which the browser then fetches (a few more round trips on the school's
      // network when a lab opens). Its CSS is still loaded with it (Vite keeps CSS out of this list).
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|\/)registry-[\w-]+\.js$/.test(hostId) ? [] : deps,
    },
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are for developers, not for every school's users (they were 29 MB of the dist): opt in with
    // SOURCE_MAPS=1 (docs/operations.md).
    sourcemap: sourceMapsWanted(process.env),
    // dist/.vite/manifest.json: which chunks each route needs (scripts/route-sizes.ts, the budget test).
    manifest: true,
    // The tfjs chunk (only the vision labs load it) is 1.6 MB; warn beyond that.
    chunkSizeWarningLimit: 1700,
    rolldownOptions: {
      // antd's rc-component packages declare no "sideEffects", so importing one export (antd's ConfigProvider
      // takes FormProvider from @rc-component/form) kept the whole package: the form engine and its validator
      // (~40 kB) on every page. They have none; other modules keep the default (package.json) rules.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // zod and our zod settings (lib/zod-configured.ts) in one chunk, loaded with the first schema a page
            // needs (not with the first page: docs/decisions.md, "First load").
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-configured\.ts$/ },
            // No antd or catch-all vendor group: a group chunk is loaded whole by any page that uses one of its
            // modules, so a page would download every antd component (356 kB gzipped) to show a button. Left
            // ungrouped, each route's chunks hold only the components it imports (the route budget, 250 kB).
            // Heavy libraries that only some pages use get their own chunks. The first matching group wins.
            // Before tfjs: the WASM glue (tfjs group) imports it, and a group takes its members' imports along,
            // which made every lab that asks for a model URL import the whole 1.6 MB tfjs chunk statically.
            { name: 'model-assets', test: /[\\/]src[\\/]lib[\\/]model-assets\.ts$/ },
            { name: 'tfjs', test: /node_modules[\\/](@tensorflow|@vladmandic|jszip|seedrandom|long)[\\/]/ },
            {
              name: 'markdown',
              test: /node_modules[\\/](react-markdown|remark-[\w-]+|rehype-[\w-]+|micromark[\w-]*|mdast-[\w-]+|hast-[\w-]+|unist-[\w-]+|unified|vfile[\w-]*|devlop|property-information|space-separated-tokens|comma-separated-tokens|decode-named-character-reference|character-entities[\w-]*|html-url-attributes|trim-lines|bail|is-plain-obj|trough|ccount|markdown-table|longest-streak|zwitch|estree-util-is-identifier-name|style-to-js|style-to-object|inline-style-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
