/**
 * A project's thumbnail (docs/make-studio.md, "Thumbnails"): a small picture of the workspace, drawn in the
 * browser after each autosave and sent with PUT /api/make/projects/:id/thumbnail. It is a map of the blocks
 * (each block a rectangle in its own colour, where it sits), not a screenshot: Blockly's SVG needs its styles
 * and fonts to draw right, while rectangles are quick, small (a few KB as WebP) and recognisable. Loaded on
 * demand with the starters' chunk (starters/starters-bar.tsx mounts `useThumbnails`): not part of `/make`'s
 * first load.
 */
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { MAKE, MAKE_THUMBNAIL_PATTERN } from '@ai-edu/contract';
import { call } from '../../../lib/product-call.ts';
import { Blockly } from '../blocks/blockly-setup.ts';
import { MAKE_PATHS, makeKeys } from '../api/paths.ts';
import { afterSave } from '../hooks/use-autosave.ts';

export const THUMBNAIL_WIDTH = 160;
export const THUMBNAIL_HEIGHT = 120;
const MARGIN = 6;

type WorkspaceSvg = ReturnType<typeof Blockly.getMainWorkspace>;

/** The picture as a data URL (WebP, else PNG, else JPEG), or null for an empty workspace or a too-large one. */
export function drawThumbnail(workspace: WorkspaceSvg): string | null {
  const blocks = workspace.getAllBlocks(false).filter((block) => !block.isShadow()) as Blockly.BlockSvg[];
  if (blocks.length === 0) return null;
  const boxes = blocks.map((block) => ({ box: block.getBoundingRectangle(), colour: block.getColour() }));
  const left = Math.min(...boxes.map((b) => b.box.left));
  const top = Math.min(...boxes.map((b) => b.box.top));
  const width = Math.max(...boxes.map((b) => b.box.right)) - left || 1;
  const height = Math.max(...boxes.map((b) => b.box.bottom)) - top || 1;
  const scale = Math.min(
    (THUMBNAIL_WIDTH - 2 * MARGIN) / width,
    (THUMBNAIL_HEIGHT - 2 * MARGIN) / height,
    0.5,
  );

  const canvas = document.createElement('canvas');
  canvas.width = THUMBNAIL_WIDTH;
  canvas.height = THUMBNAIL_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT);
  const offsetX = (THUMBNAIL_WIDTH - width * scale) / 2;
  const offsetY = (THUMBNAIL_HEIGHT - height * scale) / 2;
  // Outer blocks first: a block inside another (an input, a C-shaped loop's body) is drawn over it.
  for (const { box, colour } of boxes) {
    context.fillStyle = colour;
    context.strokeStyle = 'rgba(0, 0, 0, 0.25)';
    const x = offsetX + (box.left - left) * scale;
    const y = offsetY + (box.top - top) * scale;
    const w = Math.max(2, (box.right - box.left) * scale);
    const h = Math.max(2, (box.bottom - box.top) * scale);
    context.fillRect(x, y, w, h);
    context.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
  }
  for (const type of ['image/webp', 'image/png', 'image/jpeg']) {
    const url = canvas.toDataURL(type, 0.8);
    if (url.length <= MAKE.thumbnailMaxChars && MAKE_THUMBNAIL_PATTERN.test(url)) return url;
  }
  return null;
}

/** The last picture sent per project: an unchanged picture is not sent again. */
const sent = new Map<number, string>();

/**
 * Draws `workspace` (the studio's, as it was when project `projectId` saved) and stores it as the project's
 * thumbnail; the project list then shows it. A workspace closed meanwhile has no blocks: nothing is sent.
 */
export async function saveThumbnail(
  projectId: number,
  workspace: WorkspaceSvg,
  queryClient: QueryClient,
): Promise<void> {
  let picture: string | null;
  try {
    picture = drawThumbnail(workspace);
  } catch {
    return; // a workspace disposed while this module loaded
  }
  if (!picture || sent.get(projectId) === picture) return;
  sent.set(projectId, picture);
  try {
    await call<unknown>(MAKE_PATHS.thumbnail(projectId), {
      method: 'PUT',
      json: { thumbnail: picture },
      silent: true,
    });
  } catch {
    sent.delete(projectId);
    return;
  }
  await queryClient.invalidateQueries({ queryKey: makeKeys.projects() });
}

/** While mounted in the studio: after each autosave, the saved project's picture is drawn and stored. */
export function useThumbnails(queryClient: QueryClient): void {
  useEffect(() => {
    const listener = (projectId: number) => {
      // Drawn now, synchronously: the workspace on the page is still the project that was saved.
      void saveThumbnail(projectId, Blockly.getMainWorkspace(), queryClient);
    };
    afterSave.add(listener);
    return () => void afterSave.delete(listener);
  }, [queryClient]);
}
