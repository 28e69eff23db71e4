/**
 * Stands in for tfjs-backend-wasm's threaded-SIMD emscripten glue wherever the backend imports it (the alias
 * is in apps/web/build/vision-assets.ts; build only). It runs the real glue, bundled as usual, and points the
 * worker threads at an unbundled copy of the same file served beside the `.wasm` binaries.
 *
 * Why: each WASM thread is a worker that loads the glue again. tfjs hands it the glue as a Blob made from the
 * factory function's `toString()`, and once Vite has minified the bundle that text refers to names of the
 * enclosing module (`ReferenceError: e is not defined` in every worker); running it would also need `blob:` in
 * our CSP's `script-src`. `mainScriptUrlOrBlob`, emscripten's documented setting for "where the workers load
 * the main script from", set to our own copy, fixes both: the workers `importScripts` a file of our origin,
 * which `script-src 'self'` allows.
 */
import * as glue from '@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-threaded-simd.js';
import type { WasmFactoryConfig } from '@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-threaded-simd.js';
import { modelUrl } from '../model-assets.ts';

/** The unbundled glue's path; the build copies it from node_modules into dist/vision/wasm/. */
export const THREADED_GLUE_PATH = modelUrl('/vision/wasm/tfjs-backend-wasm-threaded-simd.js');

type Factory = typeof glue.default;
// The glue is CommonJS (`module.exports = factory`): the bundler's interop puts it on `default`, or on the
// namespace itself (tfjs reads it the same way).
const factory = ((glue as { default?: Factory }).default ?? glue) as Factory;

/**
 * The glue's factory with the workers' script set to our copy. The URL is absolute: a worker made from a
 * `blob:` URL cannot resolve a path against its own address.
 */
export default function wasmBackendModuleThreadedSimd(config: WasmFactoryConfig) {
  config.mainScriptUrlOrBlob = new URL(THREADED_GLUE_PATH, globalThis.location.href).href;
  return factory(config);
}
