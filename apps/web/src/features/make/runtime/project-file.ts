/**
 * Project files: what "Download" writes (`<name>.json`: our small envelope around Blockly's workspace JSON,
 * version 2 with the project's pictures as data URLs) and what "Open a file" reads: such a file (version 1 or
 * 2), or a bare workspace saved by any Blockly app (`Blockly.serialization.workspaces.save`). Anything else is
 * refused with a reason the page can say.
 */
import {
  MAKE,
  MAKE_FILE_FORMAT,
  MAKE_FILE_PICTURE_PATTERN,
  MAKE_FILE_VERSION,
  jsonDepthWithin,
  makeWorkspaceSchema,
  workspaceBytes,
  type MakeProjectFile,
  type MakeWorkspace,
} from '@ai-edu/contract';

export type ProjectFileRefusal = 'notJson' | 'notProject' | 'tooLarge' | 'tooDeep';

/** A picture of a version 2 file: `id` is what the workspace's `asset:<id>` costumes name. */
export interface FilePicture {
  id: number;
  name: string;
  /** A data URL of a PNG, JPEG, WebP or GIF (the server checks the bytes when it is uploaded). */
  data: string;
}

export type ProjectFileResult =
  | { ok: true; name: string; workspace: MakeWorkspace; pictures: FilePicture[] }
  | { ok: false; reason: ProjectFileRefusal };

/**
 * A file larger than this is not read at all: even pretty-printed, a 1 MB workspace is far smaller than 8 MB,
 * and a project's pictures (10 MB) take a third more as base64.
 */
export const MAX_PROJECT_FILE_BYTES =
  8 * MAKE.maxWorkspaceBytes + Math.ceil((MAKE.assetsMaxBytesPerProject * 4) / 3);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A project name from a file name: without its extension, trimmed to the limit, never empty. */
export function nameFromFileName(fileName: string, fallback: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').trim();
  return (base || fallback).slice(0, MAKE.projectNameMax);
}

/**
 * Reads a project file's text. `fileName` names the project when the file does not (a bare workspace).
 * A workspace must have Blockly's outline: `blocks` and/or `variables` in their shapes.
 */
export function parseProjectFile(text: string, fileName: string, fallbackName: string): ProjectFileResult {
  if (text.length > MAX_PROJECT_FILE_BYTES) return { ok: false, reason: 'tooLarge' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notJson' };
  }
  if (!isRecord(json)) return { ok: false, reason: 'notProject' };

  const ours = json.format === MAKE_FILE_FORMAT;
  const candidate = ours ? json.workspace : json;
  if (!isRecord(candidate) || !('blocks' in candidate || 'variables' in candidate)) {
    return { ok: false, reason: 'notProject' };
  }
  // Depth first: measuring a too-deep workspace (JSON.stringify) would itself fail.
  if (!jsonDepthWithin(candidate, MAKE.maxWorkspaceDepth)) return { ok: false, reason: 'tooDeep' };
  if (workspaceBytes(candidate) > MAKE.maxWorkspaceBytes) return { ok: false, reason: 'tooLarge' };
  const workspace = makeWorkspaceSchema.safeParse(candidate);
  if (!workspace.success) return { ok: false, reason: 'notProject' };

  const pictures = ours ? picturesOf(json.assets) : [];
  if (!pictures) return { ok: false, reason: 'notProject' };

  const named = ours && typeof json.name === 'string' ? json.name.trim().slice(0, MAKE.projectNameMax) : '';
  return {
    ok: true,
    name: named || nameFromFileName(fileName, fallbackName),
    workspace: workspace.data,
    pictures,
  };
}

/** A version 2 file's pictures ([] when it has none); null when they are not what Download writes. */
function picturesOf(value: unknown): FilePicture[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAKE.assetsMaxPerProject) return null;
  const pictures: FilePicture[] = [];
  for (const item of value as unknown[]) {
    if (!isRecord(item) || !Number.isInteger(item.id) || typeof item.name !== 'string') return null;
    if (typeof item.data !== 'string' || !MAKE_FILE_PICTURE_PATTERN.test(item.data)) return null;
    const name = item.name.trim().slice(0, MAKE.assetNameMax) || 'picture';
    pictures.push({ id: item.id as number, name, data: item.data });
  }
  return pictures;
}

/** The text of a downloaded project, with its pictures. */
export function projectFileText(
  name: string,
  workspace: MakeWorkspace,
  pictures: FilePicture[] = [],
): string {
  const file: MakeProjectFile = {
    format: MAKE_FILE_FORMAT,
    version: MAKE_FILE_VERSION,
    name,
    workspace,
    assets: pictures,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The workspace with each `asset:<old>` costume naming the picture's new id (after the file's were uploaded). */
export function withNewPictureIds(workspace: MakeWorkspace, ids: ReadonlyMap<number, number>): MakeWorkspace {
  if (!ids.size) return workspace;
  const text = JSON.stringify(workspace).replace(/"asset:(\d+)"/g, (whole, old: string) => {
    const id = ids.get(Number(old));
    return id === undefined ? whole : `"asset:${id}"`;
  });
  return JSON.parse(text) as MakeWorkspace;
}

/** A file name for the download: the project's name without characters file systems refuse. */
export function downloadFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_').trim();
  return `${safe || 'project'}.json`;
}
