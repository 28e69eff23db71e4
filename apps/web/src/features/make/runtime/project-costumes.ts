/**
 * The open project's pictures as costumes (`asset:<id>`): which there are, their names, and where their bytes
 * are. The page sets it when a project opens (before its workspace is made) and after the Costumes panel
 * changes them; the costume dropdown (blocks/stage-blocks.ts) and the run (costumes/project-pictures.ts) read
 * it. One module-level value, like Blockly's own block registry: Blockly's dropdown generator is called by
 * Blockly, outside React. Pure (no DOM), small: the page's first load holds it.
 */
import { MAKE_ASSET_COSTUME_PREFIX } from '@ai-edu/contract';

export type AssetCostume = `asset:${number}`;

export const assetCostume = (id: number): AssetCostume => `asset:${id}`;
export const isAssetCostume = (name: string): name is AssetCostume => /^asset:\d+$/.test(name);

export interface ProjectCostumes {
  /** The project's pictures, in the order the panel lists them. */
  pictures: readonly { id: number; name: string }[];
  /** Pictures the workspace names that the project no longer has: kept in the dropdown as "missing". */
  missing: readonly number[];
  /** The route of a picture's bytes (the owner's, a share link's or a reader's). */
  filePath: (id: number) => string;
  /** The session, for reading the bytes (the API takes it as a bearer token). */
  uid: string | null;
}

let current: ProjectCostumes = { pictures: [], missing: [], filePath: () => '', uid: null };

export const projectCostumes = (): ProjectCostumes => current;

/** The ids of the pictures a workspace names (`"asset:<id>"` anywhere in its JSON). */
export function costumeIdsIn(workspace: unknown): number[] {
  const pattern = new RegExp(`"${MAKE_ASSET_COSTUME_PREFIX}(\\d+)"`, 'g');
  const ids = [...JSON.stringify(workspace ?? {}).matchAll(pattern)].map((m) => Number(m[1]));
  return [...new Set(ids)];
}

/** The project's pictures now, with those `workspace` names but the project lacks marked missing. */
export function setProjectCostumes(
  next: Omit<ProjectCostumes, 'missing'>,
  workspace: unknown,
): ProjectCostumes {
  const have = new Set(next.pictures.map((p) => p.id));
  current = { ...next, missing: costumeIdsIn(workspace).filter((id) => !have.has(id)) };
  return current;
}

/** The dropdown's extra options: each picture by its name, then each missing one as `missingLabel`. */
export function pictureCostumeOptions(missingLabel: string): [string, AssetCostume][] {
  return [
    ...current.pictures.map((p): [string, AssetCostume] => [p.name, assetCostume(p.id)]),
    ...current.missing.map((id): [string, AssetCostume] => [missingLabel, assetCostume(id)]),
  ];
}
