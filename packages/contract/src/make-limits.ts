/**
 * The block studio's limits and file format (issue 26), without zod: the studio's page reads them before any
 * schema loads. The schemas are in make.ts.
 */
export const MAKE = {
  /** A workspace's JSON (compact, UTF-8); larger programs are refused before they are sent. */
  maxWorkspaceBytes: 1024 * 1024,
  maxProjectsPerUser: 50,
  /** Versions kept per project; saving one more drops the oldest. */
  versionsKept: 20,
  /**
   * Saves closer together than this update the newest version instead of adding one: autosave runs every few
   * seconds while a student works, and twenty versions should reach back further than the last minute.
   */
  versionIntervalMs: 60_000,
  projectNameMax: 40,
  /**
   * Levels of JSON nesting in a workspace (a block's next block is two levels below it, so ~1,000 blocks in one
   * chain). Measuring and storing a workspace walk it recursively (JSON.stringify), which runs out of stack
   * near 5,000 levels: deeper input must be refused before, as a client mistake rather than a server error.
   */
  maxWorkspaceDepth: 2000,
  /** A project's thumbnail: a PNG, WebP or JPEG data URL of at most this many characters (~22 KB of image). */
  thumbnailMaxChars: 30 * 1024,
  /** A project's picture (costume): PNG, JPEG, WebP or GIF, recognised from its first bytes. */
  assetMaxBytes: 2 * 1024 * 1024,
  /** All of one project's pictures together. */
  assetsMaxBytesPerProject: 10 * 1024 * 1024,
  /** All of one student's pictures, across their projects (a copy's pictures count for the copy too). */
  assetsMaxBytesPerUser: 50 * 1024 * 1024,
  assetsMaxPerProject: 30,
  assetNameMax: 40,
} as const;

/** A costume that is one of the project's pictures: `asset:<id>` (the dropdown's value, kept in the workspace). */
export const MAKE_ASSET_COSTUME_PREFIX = 'asset:';

/** What a stored thumbnail looks like; the page shows one only when it matches (never as HTML). */
export const MAKE_THUMBNAIL_PATTERN = /^data:image\/(png|webp|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The `format` of a downloaded project file (`<name>.json`). */
export const MAKE_FILE_FORMAT = 'ai-edu-make-project';
/** Version 2 carries the project's pictures as data URLs; version 1 files (and bare workspaces) still open. */
export const MAKE_FILE_VERSION = 2;

/** A picture inside a project file: a data URL of one of the accepted types (its bytes are checked on upload). */
export const MAKE_FILE_PICTURE_PATTERN = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

/** Bytes of a workspace as stored: its compact JSON in UTF-8 (the same measure on both sides). */
export function workspaceBytes(workspace: unknown): number {
  return new TextEncoder().encode(JSON.stringify(workspace)).length;
}

/** Whether `value` nests at most `limit` levels of arrays and objects (checked without recursion). */
export function jsonDepthWithin(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return false;
    for (const item of Object.values(current)) stack.push([item, depth + 1]);
  }
  return true;
}
