/**
 * Which model files a @vladmandic/human configuration downloads, and how many bytes they are: the total its
 * download progress bar counts to. Every model human ships is `<name>.json` with its weights in `<name>.bin`.
 */
import { modelBytes } from '../model-assets.ts';
import { sumKnown } from '../download-progress.ts';

/** Where the models are in the source tree (before the build may move them; model-assets maps the URL). */
export const HUMAN_MODELS_SOURCE = '/vision/models/';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The model names an effective (fully merged) human config loads: every `modelPath` in a section that is
 * not switched off (`enabled: false` switches off the section and everything under it).
 */
export function humanModelNames(config: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: Record<string, unknown>) => {
    if (node.enabled === false) return;
    if (typeof node.modelPath === 'string' && node.modelPath) {
      const file = node.modelPath.split('/').pop() ?? node.modelPath;
      names.add(file.replace(/\.json$/i, ''));
    }
    for (const value of Object.values(node)) if (isObject(value)) walk(value);
  };
  if (isObject(config)) walk(config);
  return [...names];
}

/** The uncompressed bytes of those models' files, when the build measured every one. */
export function humanModelBytes(names: readonly string[]): number | undefined {
  return sumKnown(
    names.flatMap((name) => [
      modelBytes(`${HUMAN_MODELS_SOURCE}${name}.json`),
      modelBytes(`${HUMAN_MODELS_SOURCE}${name}.bin`),
    ]),
  );
}
