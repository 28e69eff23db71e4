/**
 * A project's images: list (owner or a student it is shared with), add one (multipart `image`, optional
 * `thumb`, fields), change one or many (label, split, boxes), delete many. Images are checked from their
 * bytes; labels and boxes against the project's classes and the image's size; the owner's quota, the
 * project's image cap and the per-minute upload rate are kept. A refused image leaves no file and no row.
 */
import {
  MODEL_TRAIN,
  addTrainImageFieldsSchema,
  deleteTrainImagesSchema,
  updateTrainImageSchema,
  updateTrainImagesSchema,
  type TrainBox,
} from '@ai-edu/contract';
import { trainImages, trainProjects } from '@ai-edu/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.ts';
import { parseInput, productOk } from '../../lib/http.ts';
import { requireCaller } from '../../plugins/session.ts';
import type { User } from '../users/accounts.ts';
import { newFileKey, receiveParts, removeFiles, removeUnreferenced, storeBuffer } from './files.ts';
import { readImageHeader } from './image-header.ts';
import { idParams } from './project-routes.ts';
import type { ModelTrainOptions } from './routes.ts';
import {
  projectFor,
  projectImages,
  reserveQuota,
  toImage,
  type ImageRow,
  type ProjectRow,
} from './service.ts';

export const imageUploadLimitKey = (userId: string) => `train:images:${userId}`;

/** A box may touch the image's edge; this much over counts as rounding, not outside. */
const EDGE_SLACK = 0.01;

/** Many image changes at once carry up to 2,000 images' boxes. */
const BULK_BODY_LIMIT = 16 * 1024 * 1024;

interface ImageChange {
  label?: string | null;
  split?: 'train' | 'val' | 'test' | null;
  boxes?: TrainBox[];
}

/** A change's labels must be the project's classes, its boxes inside the image. */
function checkChange(project: ProjectRow, size: { width: number; height: number }, change: ImageChange) {
  if (change.label != null && !project.classes.includes(change.label)) {
    throw new AppError('trainLabelUnknown', 400, -1, {}, change.label);
  }
  for (const box of change.boxes ?? []) {
    if (!project.classes.includes(box.label)) throw new AppError('trainLabelUnknown', 400, -1, {}, box.label);
    if (box.x + box.w > size.width + EDGE_SLACK || box.y + box.h > size.height + EDGE_SLACK) {
      throw new AppError(
        'trainBoxOutside',
        400,
        -1,
        {},
        `${box.label} at ${box.x},${box.y} ${box.w}×${box.h}`,
      );
    }
  }
}

/** The multipart fields as the contract reads them: `boxes` is JSON text, an empty label or split is none. */
function imageFields(fields: Record<string, string>) {
  let boxes: unknown;
  if (fields.boxes !== undefined && fields.boxes !== '') {
    try {
      boxes = JSON.parse(fields.boxes);
    } catch {
      throw badRequest('boxes must be JSON: [{"label","x","y","w","h"}]');
    }
  }
  return parseInput(addTrainImageFieldsSchema, {
    fileName: fields.fileName,
    label: fields.label === '' ? null : fields.label,
    split: fields.split === '' ? null : fields.split,
    boxes,
  });
}

export const imageRoutes: FastifyPluginAsync<ModelTrainOptions> = async (app, options) => {
  const { db, limiter, storage, mediaSecret, quotaBytes, now } = options;

  async function caller(request: FastifyRequest): Promise<User> {
    return (await requireCaller(db, request, now())).user;
  }

  const touch = (projectId: number) =>
    db.update(trainProjects).set({ updatedAt: now() }).where(eq(trainProjects.id, projectId));

  app.get('/train/projects/:id/images', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = await caller(request);
    const { project } = await projectFor(db, user, id, false);
    const rows = await projectImages(db, project.id);
    return productOk(request, { images: rows.map((r) => toImage(r, mediaSecret, now())) });
  });

  app.post('/train/projects/:id/images', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = await caller(request);
    const { project } = await projectFor(db, user, id, true);
    const hit = await limiter.hit(imageUploadLimitKey(user.id), MODEL_TRAIN.imageUploadsPerMinute, 60_000);
    if (!hit.allowed) throw tooManyRequests(hit.retryAfterMs);

    const parts = await receiveParts(request, {
      image: { maxBytes: MODEL_TRAIN.maxImageBytes, tooLarge: () => new AppError('trainImageTooLarge', 413) },
      thumb: { maxBytes: MODEL_TRAIN.maxThumbBytes, tooLarge: () => new AppError('trainThumbInvalid', 413) },
    });
    const image = parts.buffers.image;
    if (!image) throw new AppError('noFile', 400);
    const fields = imageFields(parts.fields);
    const header = readImageHeader(image);
    if (!header) throw new AppError('trainImageType', 415);
    if (header.width > MODEL_TRAIN.maxImageSide || header.height > MODEL_TRAIN.maxImageSide) {
      throw new AppError('trainImageTooLarge', 413, -1, {}, `${header.width}×${header.height}`);
    }
    const thumb = parts.buffers.thumb;
    const thumbHeader = thumb ? readImageHeader(thumb) : null;
    if (thumb && !thumbHeader) throw new AppError('trainThumbInvalid', 415);
    checkChange(project, header, fields);

    const fileKey = newFileKey(header.ext);
    const thumbKey = thumbHeader ? newFileKey(thumbHeader.ext) : null;
    const written = thumbKey ? [fileKey, thumbKey] : [fileKey];
    let row: ImageRow;
    try {
      await storeBuffer(storage, fileKey, image);
      if (thumbKey) await storeBuffer(storage, thumbKey, thumb!);
      row = await db.transaction(async (tx) => {
        await reserveQuota(tx, user.id, image.length + (thumb?.length ?? 0), quotaBytes);
        const [held] = await tx
          .select({ n: count() })
          .from(trainImages)
          .where(eq(trainImages.projectId, project.id));
        if ((held?.n ?? 0) >= MODEL_TRAIN.maxImagesPerProject) throw new AppError('trainImageLimit', 409);
        const [inserted] = await tx
          .insert(trainImages)
          .values({
            projectId: project.id,
            ownerId: project.ownerId,
            label: fields.label ?? null,
            split: fields.split ?? null,
            boxes: fields.boxes ?? [],
            width: header.width,
            height: header.height,
            fileName: fields.fileName,
            fileKey,
            bytes: image.length,
            thumbKey,
            thumbBytes: thumb?.length ?? 0,
            createdAt: now(),
          })
          .returning();
        return inserted!;
      });
    } catch (error) {
      // Refused (quota, cap) or failed: the bytes go too.
      await removeFiles(storage, written);
      throw error;
    }
    await touch(project.id);
    return productOk(request, toImage(row, mediaSecret, now()));
  });

  app.patch('/train/images/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(updateTrainImageSchema, request.body);
    const user = await caller(request);
    const [image] = await db.select().from(trainImages).where(eq(trainImages.id, id));
    if (!image) throw new AppError('notFound', 404);
    const { project } = await projectFor(db, user, image.projectId, true);
    checkChange(project, image, body);
    const [updated] = await db.update(trainImages).set(body).where(eq(trainImages.id, image.id)).returning();
    await touch(project.id);
    return productOk(request, toImage(updated!, mediaSecret, now()));
  });

  app.post('/train/projects/:id/images/update', { bodyLimit: BULK_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { updates } = parseInput(updateTrainImagesSchema, request.body);
    const user = await caller(request);
    const { project } = await projectFor(db, user, id, true);
    const ids = [...new Set(updates.map((u) => u.id))];
    const rows = await db
      .select({ id: trainImages.id, width: trainImages.width, height: trainImages.height })
      .from(trainImages)
      .where(and(eq(trainImages.projectId, project.id), inArray(trainImages.id, ids)));
    const sizeOf = new Map(rows.map((r) => [r.id, r]));
    for (const update of updates) {
      const size = sizeOf.get(update.id);
      if (!size) throw new AppError('notFound', 404, -1, {}, `image ${update.id} is not in this project`);
      checkChange(project, size, update);
    }
    await db.transaction(async (tx) => {
      for (const { id: imageId, ...change } of updates) {
        if (Object.keys(change).length === 0) continue;
        await tx.update(trainImages).set(change).where(eq(trainImages.id, imageId));
      }
    });
    await touch(project.id);
    const changed = await db.select().from(trainImages).where(inArray(trainImages.id, ids));
    return productOk(request, { images: changed.map((r) => toImage(r, mediaSecret, now())) });
  });

  app.post('/train/projects/:id/images/delete', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { ids } = parseInput(deleteTrainImagesSchema, request.body);
    const user = await caller(request);
    const { project } = await projectFor(db, user, id, true);
    const removed = await db.transaction(async (tx) => {
      // The same lock a duplicate takes: images do not go while they are being copied.
      await tx
        .select({ id: trainProjects.id })
        .from(trainProjects)
        .where(eq(trainProjects.id, project.id))
        .for('update');
      return tx
        .delete(trainImages)
        .where(and(eq(trainImages.projectId, project.id), inArray(trainImages.id, ids)))
        .returning({ file: trainImages.fileKey, thumb: trainImages.thumbKey });
    });
    await removeUnreferenced(
      db,
      storage,
      removed.flatMap((r) => (r.thumb ? [r.file, r.thumb] : [r.file])),
    );
    await touch(project.id);
    return productOk(request, { removed: removed.length });
  });
};
