/**
 * Vite's build manifest (apps/web/dist/.vite/manifest.json), read by the scripts that reason about what a
 * page fetches: `npm run size:routes` (route-sizes.ts) and the forty-browsers bench (bench/train-image-files.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The files (dist-relative) of the chunks `keys`, their CSS and static imports, transitively; dynamic imports
 * too where `followDynamic` says the page loads them at once.
 */
export function manifestClosure(
  manifest: Manifest,
  keys: string[],
  followDynamic: (key: string) => boolean = () => false,
): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const dynamic of chunk.dynamicImports ?? []) if (followDynamic(dynamic)) visit(dynamic);
  };
  keys.forEach(visit);
  return files;
}
