/**
 * The ImageNet folder layout MMEdu uses for classification datasets: `training_set/<class>/*.jpg`,
 * `val_set/<class>/…`, `test_set/<class>/…` (inside any top folder), or just `<class>/*.jpg`. Pure: the
 * zip and folder readers pass paths through here.
 */
import type { TrainSplit } from '@ai-edu/contract';

const SPLIT_FOLDERS: Record<string, TrainSplit> = {
  training_set: 'train',
  train_set: 'train',
  train: 'train',
  training: 'train',
  val_set: 'val',
  val: 'val',
  validation_set: 'val',
  validation: 'val',
  valid: 'val',
  test_set: 'test',
  test: 'test',
  testing: 'test',
};

const IMAGE_FILE = /\.(jpe?g|png|webp)$/i;

export interface ImageNetEntry {
  label: string;
  split: TrainSplit | null;
  fileName: string;
}

/**
 * A file's class and split from its path ('data/training_set/cat/1.jpg' → cat, train); null for what is not
 * a picture in a class folder (system files, pictures at the top, `__MACOSX`).
 */
export function parseImageNetPath(path: string): ImageNetEntry | null {
  const parts = path.split(/[\\/]/).filter(Boolean);
  if (parts.some((p) => p.startsWith('.') || p === '__MACOSX')) return null;
  const fileName = parts.at(-1);
  if (!fileName || !IMAGE_FILE.test(fileName) || parts.length < 2) return null;
  const label = parts.at(-2)!.trim();
  if (SPLIT_FOLDERS[label.toLowerCase()]) return null;
  const parent = parts.at(-3)?.toLowerCase();
  const split = parent ? (SPLIT_FOLDERS[parent] ?? null) : null;
  return { label, split, fileName };
}

/** The class names in the order first met (case-insensitively unique), for adding to the project. */
export function classesOf(entries: readonly ImageNetEntry[]): string[] {
  const seen = new Map<string, string>();
  for (const e of entries) if (!seen.has(e.label.toLowerCase())) seen.set(e.label.toLowerCase(), e.label);
  return [...seen.values()];
}

/**
 * The project's class list after an import: existing names kept (an imported 'Cat' joins 'cat'), new ones
 * appended; `rename` maps each imported name to the project's spelling.
 */
export function mergeClasses(
  existing: readonly string[],
  imported: readonly string[],
): { classes: string[]; rename: Map<string, string> } {
  const byLower = new Map(existing.map((name) => [name.toLowerCase(), name]));
  const classes = [...existing];
  const rename = new Map<string, string>();
  for (const name of imported) {
    const known = byLower.get(name.toLowerCase());
    if (known) rename.set(name, known);
    else {
      byLower.set(name.toLowerCase(), name);
      classes.push(name);
      rename.set(name, name);
    }
  }
  return { classes, rename };
}
