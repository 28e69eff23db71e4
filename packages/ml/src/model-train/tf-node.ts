/**
 * Node only (tests, scripts): TF.js on the WASM backend (SIMD, single thread), several times faster than the
 * pure-JS CPU backend for the backbone's convolutions; falls back to CPU when WASM cannot start.
 */
import * as tf from '@tensorflow/tfjs';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function wasmDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist');
    if (existsSync(candidate)) return candidate + path.sep;
    if (path.dirname(dir) === dir) throw new Error('@tensorflow/tfjs-backend-wasm is not installed');
  }
}

/** Starts the fastest backend Node has here and returns tf plus its name. */
export async function nodeTf(prefer: 'wasm' | 'cpu' = 'wasm'): Promise<{ tf: typeof tf; backend: string }> {
  if (prefer === 'wasm') {
    try {
      const wasm = await import('@tensorflow/tfjs-backend-wasm');
      wasm.setWasmPaths(wasmDir());
      if (await tf.setBackend('wasm')) {
        await tf.ready();
        return { tf, backend: 'wasm' };
      }
    } catch {
      // falls back to CPU below
    }
  }
  await tf.setBackend('cpu');
  await tf.ready();
  return { tf, backend: 'cpu' };
}
