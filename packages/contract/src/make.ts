/**
 * The block studio at /make (issue 26, docs/make-studio.md): each student's block programs, kept on the server
 * with their last versions. A program is Blockly's own JSON serialisation of the workspace
 * (`Blockly.serialization.workspaces.save`), so a workspace saved by any Blockly app opens here; the server
 * checks only its outline (an object whose `blocks` and `variables` have Blockly's shape) and its size.
 *
 * Routes, all for the signed-in caller's own projects (another user's project is a 404):
 * - GET    /api/make/projects                             → MakeProjectList
 * - POST   /api/make/projects                             createMakeProjectSchema → MakeProject
 * - GET    /api/make/projects/:id                         → MakeProject
 * - PATCH  /api/make/projects/:id                         updateMakeProjectSchema → MakeProjectSummary (autosave)
 * - POST   /api/make/projects/:id/duplicate               duplicateMakeProjectSchema → MakeProjectSummary
 * - DELETE /api/make/projects/:id                         → null
 * - GET    /api/make/projects/:id/versions                → MakeVersionList
 * - PUT    /api/make/projects/:id/thumbnail               makeThumbnailSchema → null
 * - GET    /api/make/lesson-starter                       → MakeLessonStarter | null (the class's running lesson's)
 * - POST   /api/make/lesson-starter/open                  → MakeLessonStarterOpened (the caller's own copy, made once)
 * - POST   /api/make/projects/:id/versions/:vid/restore   → MakeProject
 *
 * Pictures (costumes `asset:<id>`; docs/make-studio.md, "Pictures and snapshots"):
 * - GET    /api/make/projects/:id/assets                  → MakeAssetList
 * - POST   /api/make/projects/:id/assets                  multipart `file` (+ `name`) → MakeAsset
 * - PATCH  /api/make/projects/:id/assets/:assetId         makeAssetRenameSchema → MakeAsset
 * - DELETE /api/make/projects/:id/assets/:assetId         → null
 * - GET    /api/make/projects/:id/assets/:assetId/file    → the picture's bytes
 * - GET    /api/make/shared/:token/assets[/:assetId/file] and /api/make/readable/:id/assets[/:assetId/file]: readers
 *
 * Sharing (docs/make-studio.md, "Sharing and the class"), read-only for everyone but the owner:
 * - POST   /api/make/projects/:id/share-link              → MakeShareLink (a new link; the old one stops working)
 * - DELETE /api/make/projects/:id/share-link              → null (revokes the link)
 * - PUT    /api/make/projects/:id/class-share             makeClassShareSchema → MakeProjectSummary
 * - GET    /api/make/shared/:token                        → MakeSharedProject (anyone signed in)
 * - POST   /api/make/shared/:token/remix                  → MakeProjectSummary (a copy of the caller's own)
 * - GET    /api/make/gallery                              → MakeGallery (classmates' projects shared with the class)
 * - GET    /api/make/teaching                             → MakeTeachingList (a teacher's classes' projects)
 * - GET    /api/make/readable/:id                         → MakeSharedProject (gallery or teacher view)
 * - POST   /api/make/readable/:id/remix                   → MakeProjectSummary
 *
 * The constants are in make-limits.ts (no zod needed to read them: the studio's page imports them).
 */
import { z } from 'zod';
import { displayNameSchema, fileNameSchema } from './input-rules.ts';
import { makeMessages } from './make-messages.ts';

export {
  MAKE,
  MAKE_ASSET_COSTUME_PREFIX,
  MAKE_FILE_FORMAT,
  MAKE_FILE_PICTURE_PATTERN,
  MAKE_FILE_VERSION,
  MAKE_THUMBNAIL_PATTERN,
  jsonDepthWithin,
  workspaceBytes,
} from './make-limits.ts';
import {
  MAKE,
  MAKE_FILE_FORMAT,
  MAKE_FILE_VERSION,
  MAKE_THUMBNAIL_PATTERN,
  jsonDepthWithin,
  workspaceBytes,
} from './make-limits.ts';

export const makeProjectNameSchema = displayNameSchema(MAKE.projectNameMax).pipe(z.string().min(1));

/** One top-level block: its type, with its fields, inputs and the blocks below it inside (not checked here). */
const serialisedBlockSchema = z.looseObject({ type: z.string().min(1).max(200) });

const serialisedVariableSchema = z.looseObject({
  name: z.string(),
  id: z.string(),
  type: z.string().optional(),
});

/**
 * The outline of `Blockly.serialization.workspaces.save`: `{}` for an empty workspace; plugins may add keys of
 * their own, which are kept.
 */
export const makeWorkspaceSchema = z
  .looseObject({
    blocks: z
      .looseObject({
        languageVersion: z.number().int().min(0),
        blocks: z.array(serialisedBlockSchema),
      })
      .optional(),
    variables: z.array(serialisedVariableSchema).optional(),
  })
  .superRefine((ws, ctx) => {
    // Depth first: measuring the size of a too-deep workspace would itself fail.
    if (!jsonDepthWithin(ws, MAKE.maxWorkspaceDepth)) {
      ctx.addIssue({ code: 'custom', message: makeMessages.makeWorkspaceTooDeep.en });
    } else if (workspaceBytes(ws) > MAKE.maxWorkspaceBytes) {
      ctx.addIssue({ code: 'custom', message: makeMessages.makeWorkspaceTooLarge.en });
    }
  });
export type MakeWorkspace = z.infer<typeof makeWorkspaceSchema>;

/** POST /api/make/projects: a new project, empty unless a workspace comes with it (an opened file). */
export const createMakeProjectSchema = z.object({
  name: makeProjectNameSchema,
  workspace: makeWorkspaceSchema.optional(),
});
export type CreateMakeProject = z.input<typeof createMakeProjectSchema>;

/** PATCH /api/make/projects/:id: a new name, a new workspace (autosave), or both. */
export const updateMakeProjectSchema = z
  .object({ name: makeProjectNameSchema.optional(), workspace: makeWorkspaceSchema.optional() })
  .refine((body) => body.name !== undefined || body.workspace !== undefined, {
    message: 'send a name, a workspace or both',
  });
export type UpdateMakeProject = z.input<typeof updateMakeProjectSchema>;

/** POST /api/make/projects/:id/duplicate: the copy's name (default: the original's with " (copy)"). */
export const duplicateMakeProjectSchema = z.object({ name: makeProjectNameSchema.optional() });
export type DuplicateMakeProject = z.input<typeof duplicateMakeProjectSchema>;

export const makeProjectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Size of the stored workspace (see `workspaceBytes`). */
  bytes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Shown in the class gallery to classmates. */
  sharedWithClass: z.boolean(),
  /** Whether a read-only share link works (its token is shown only when it is made). */
  hasShareLink: z.boolean(),
  /** A small picture of the program (a PNG, WebP or JPEG data URL), or null before the first one is made. */
  thumbnail: z.string().nullable(),
});
export type MakeProjectSummary = z.infer<typeof makeProjectSummarySchema>;

export const makeProjectSchema = makeProjectSummarySchema.extend({ workspace: makeWorkspaceSchema });
export type MakeProject = z.infer<typeof makeProjectSchema>;

/** GET /api/make/projects: the caller's projects, last changed first, and how many they may have. */
export const makeProjectListSchema = z.object({
  projects: z.array(makeProjectSummarySchema),
  limit: z.number().int(),
});
export type MakeProjectList = z.infer<typeof makeProjectListSchema>;

export const makeVersionSchema = z.object({
  id: z.number().int(),
  bytes: z.number().int(),
  savedAt: z.string(),
});
export type MakeVersion = z.infer<typeof makeVersionSchema>;

/** GET /api/make/projects/:id/versions: newest first, at most `MAKE.versionsKept`. */
export const makeVersionListSchema = z.object({ versions: z.array(makeVersionSchema) });
export type MakeVersionList = z.infer<typeof makeVersionListSchema>;

/** A downloaded project (`<name>.json`); opening a file also accepts a bare Blockly workspace JSON. */
export const makeProjectFileSchema = z.object({
  format: z.literal(MAKE_FILE_FORMAT),
  /** 1: the workspace only; 2 (`MAKE_FILE_VERSION`, written now): with the project's pictures. */
  version: z.union([z.literal(1), z.literal(MAKE_FILE_VERSION)]),
  name: z.string(),
  workspace: makeWorkspaceSchema,
  /** The pictures, each with the id the workspace's `asset:<id>` costumes name (new ids once uploaded). */
  assets: z
    .array(z.object({ id: z.number().int(), name: z.string(), data: z.string() }))
    .max(MAKE.assetsMaxPerProject)
    .optional(),
});
export type MakeProjectFile = z.infer<typeof makeProjectFileSchema>;

/** PUT /api/make/projects/:id/class-share: show the project in the class gallery, or take it out. */
export const makeClassShareSchema = z.object({ shared: z.boolean() });
export type MakeClassShare = z.input<typeof makeClassShareSchema>;

/** POST /api/make/projects/:id/share-link: the token of `/make/shared/<token>`, answered only this once. */
export const makeShareLinkSchema = z.object({ token: z.string() });
export type MakeShareLink = z.infer<typeof makeShareLinkSchema>;

/** The share token as it appears in a link: 32 random bytes in base64url. */
export const makeShareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** Someone else's project as a reader sees it: no ids of the owner, only the name they go by in class. */
export const makeSharedProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  authorName: z.string(),
  updatedAt: z.string(),
  workspace: makeWorkspaceSchema,
});
export type MakeSharedProject = z.infer<typeof makeSharedProjectSchema>;

export const makeGalleryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  authorName: z.string(),
  updatedAt: z.string(),
  thumbnail: z.string().nullable(),
});
export type MakeGalleryItem = z.infer<typeof makeGalleryItemSchema>;

/** GET /api/make/gallery: projects classmates shared with the caller's classes, last changed first. */
export const makeGallerySchema = z.object({ items: z.array(makeGalleryItemSchema) });
export type MakeGallery = z.infer<typeof makeGallerySchema>;

/** GET /api/make/teaching: per class the caller teaches, every project of its students (shared or not). */
export const makeTeachingListSchema = z.object({
  classes: z.array(
    z.object({ classId: z.string(), className: z.string(), projects: z.array(makeGalleryItemSchema) }),
  ),
});
export type MakeTeachingList = z.infer<typeof makeTeachingListSchema>;

/** The bytes a base64 text stands for (at most the first `limit`), without Buffer (the page uses this too). */
function firstBytes(base64: string, limit: number): number[] {
  const text = atob(base64.slice(0, Math.ceil(limit / 3) * 4));
  return Array.from(text.slice(0, limit), (c) => c.charCodeAt(0));
}

const startsWith = (bytes: number[], prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);

/** Whether the image's first bytes are what its data URL says it is (PNG, WebP or JPEG). */
export function thumbnailBytesMatch(dataUrl: string): boolean {
  const match = MAKE_THUMBNAIL_PATTERN.exec(dataUrl);
  if (!match) return false;
  let bytes: number[];
  try {
    bytes = firstBytes(dataUrl.slice(dataUrl.indexOf(',') + 1), 12);
  } catch {
    return false; // not base64 after all (a length no image has)
  }
  switch (match[1]) {
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    default:
      // RIFF····WEBP
      return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8);
  }
}

/**
 * PUT /api/make/projects/:id/thumbnail: the program's picture, made in the browser. Only an image data URL of
 * at most `MAKE.thumbnailMaxChars` whose bytes are the image it names; the page shows it as an <img> source.
 */
export const makeThumbnailSchema = z.object({
  thumbnail: z
    .string()
    .max(MAKE.thumbnailMaxChars, makeMessages.makeThumbnailTooLarge.en)
    .refine(thumbnailBytesMatch, makeMessages.makeThumbnailNotImage.en),
});
export type MakeThumbnail = z.infer<typeof makeThumbnailSchema>;

/** GET /api/make/lesson-starter: the project the student's running lesson hands out, and their copy if made. */
export const makeLessonStarterSchema = z.object({
  lessonId: z.string(),
  name: z.string(),
  /** The student's own copy, once opened; opening again opens it, never a second copy. */
  projectId: z.number().int().nullable(),
});
export type MakeLessonStarter = z.infer<typeof makeLessonStarterSchema>;

/** POST /api/make/lesson-starter/open: the student's copy, and whether this call made it. */
export const makeLessonStarterOpenedSchema = z.object({
  project: makeProjectSummarySchema,
  created: z.boolean(),
});
export type MakeLessonStarterOpened = z.infer<typeof makeLessonStarterOpenedSchema>;

/** A project's picture's name (a rename; the upload's name, or its file's, is cleaned like a file name). */
export const makeAssetNameSchema = displayNameSchema(MAKE.assetNameMax).pipe(z.string().min(1));
/** The upload form's optional `name` field: direction overrides dropped, as for a file's name. */
export const makeAssetUploadNameSchema = fileNameSchema(MAKE.assetNameMax);

/** PATCH /api/make/projects/:id/assets/:assetId */
export const makeAssetRenameSchema = z.object({ name: makeAssetNameSchema });
export type MakeAssetRename = z.input<typeof makeAssetRenameSchema>;

/** One of a project's pictures; its bytes are at `…/assets/:assetId/file` under the project's route. */
export const makeAssetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  bytes: z.number().int(),
  createdAt: z.string(),
});
export type MakeAsset = z.infer<typeof makeAssetSchema>;

/** GET …/assets: the project's pictures, oldest first, with what they use of the limits. */
export const makeAssetListSchema = z.object({
  assets: z.array(makeAssetSchema),
  /** Bytes of this project's pictures (at most `MAKE.assetsMaxBytesPerProject`). */
  projectBytes: z.number().int(),
  /** Bytes of the caller's pictures in all their projects (the owner only; 0 for a reader). */
  userBytes: z.number().int(),
});
export type MakeAssetList = z.infer<typeof makeAssetListSchema>;
