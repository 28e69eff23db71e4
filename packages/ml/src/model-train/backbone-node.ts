/** Node only (tests, scripts, bench): the backbone read from the installed @vladmandic/human package. */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TF from '@tensorflow/tfjs';
import { backboneFiles, loadBackbone, type GraphJson, type Tf } from './backbone.ts';

/** The package's models folder, found the way Node looks (human's "exports" hides its files from require). */
export function backboneDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', backboneFiles().packageDir);
    if (existsSync(path.join(candidate, backboneFiles().json))) return candidate;
    if (path.dirname(dir) === dir) throw new Error('@vladmandic/human is not installed');
  }
}

export async function loadBackboneFromDisk(tf: Tf): Promise<TF.GraphModel> {
  const dir = backboneDir();
  const json = JSON.parse(await readFile(path.join(dir, backboneFiles().json), 'utf8')) as GraphJson;
  const weights = await Promise.all(
    json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))),
  );
  return loadBackbone(tf, json, weights);
}
