/** Loads a cached Human for a page (see human.ts); the config is read once, on mount. */
import { useEffect, useState } from 'react';
import type { DownloadSource } from '../download-progress.ts';
import {
  loadHumanWithProgress,
  visionBackend,
  type Human,
  type VisionConfig,
  type WasmBuild,
} from './human.ts';

export interface HumanState {
  human: Human | null;
  backend: string | null;
  /** WASM threads (see VisionBackendInfo; 0 on other backends or while loading). */
  threads: number;
  /** The WASM binary in use (null on other backends or while loading). */
  wasmBuild: WasmBuild | null;
  error: unknown;
  /** The models' download (for DownloadProgress). */
  downloads: DownloadSource;
}

export function useHuman(config?: VisionConfig): HumanState {
  // Started once, on first render: pages pass a literal, and a new object each render must not reload the
  // models. The load is cached per configuration, so starting it here is harmless if React renders twice.
  const [load] = useState(() => loadHumanWithProgress(config));
  const [state, setState] = useState<HumanState>({
    human: null,
    backend: null,
    threads: 0,
    wasmBuild: null,
    error: null,
    downloads: load.downloads,
  });
  useEffect(() => {
    let alive = true;
    const { downloads } = load;
    load.human
      .then(async (human) => {
        const { name, threads, build } = await visionBackend();
        if (alive) setState({ human, backend: name, threads, wasmBuild: build, error: null, downloads });
      })
      .catch((error: unknown) => {
        console.error('vision models failed to load', error);
        if (alive) setState({ human: null, backend: null, threads: 0, wasmBuild: null, error, downloads });
      });
    return () => {
      alive = false;
    };
  }, [load]);
  return state;
}

/** Short names of backends for people: "WebGL (graphics card)" etc. are the pages' own texts. */
export function backendLabel(backend: string | null): string {
  if (backend === 'webgl') return 'WebGL';
  if (backend === 'wasm') return 'WebAssembly';
  if (backend === 'cpu') return 'JavaScript (CPU)';
  return '…';
}
