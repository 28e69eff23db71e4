import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { visionAssets } from './build/vision-assets.ts';

// The API is same-origin in production (the server serves dist/), so dev proxies it to the local server.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), visionAssets()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // antd alone is ~600 kB minified (190 kB gzipped) and is split out below; warn only beyond that.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // zod and our zod settings (lib/zod-config.ts) in one chunk: every chunk that builds a schema imports
            // it first, so the settings apply before the first schema whatever the chunks' order.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]/ },
            // Heavy libraries that only some pages use get their own chunks, so the boot "vendor" chunk
            // (loaded on every page) doesn't grow with them. Order matters: the first matching group wins.
            { name: 'tfjs', test: /node_modules[\\/](@tensorflow|@vladmandic|jszip|seedrandom|long)[\\/]/ },
            {
              name: 'markdown',
              test: /node_modules[\\/](react-markdown|remark-[\w-]+|rehype-[\w-]+|micromark[\w-]*|mdast-[\w-]+|hast-[\w-]+|unist-[\w-]+|unified|vfile[\w-]*|devlop|property-information|space-separated-tokens|comma-separated-tokens|decode-named-character-reference|character-entities[\w-]*|html-url-attributes|trim-lines|bail|is-plain-obj|trough|ccount|markdown-table|longest-streak|zwitch|estree-util-is-identifier-name|style-to-js|style-to-object|inline-style-parser)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
