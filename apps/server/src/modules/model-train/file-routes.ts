/**
 * GET /train/files/:key?exp=&sig=: a training file (image, thumbnail, saved or uploaded model) behind the
 * signed, expiring link the API hands out, so <img src> and a web worker's fetch load it without the session.
 * Models download as attachments under their saved name.
 */
import { onnxModels, trainModels } from '@ai-edu/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/errors.ts';
import { parseInput } from '../../lib/http.ts';
import { verifySignedLink } from '../../lib/signed-links.ts';
import { StoredFileMissing } from '../../lib/storage/index.ts';
import { FILE_KEY_RE, FILE_LINK_SCOPE, FILE_MIME, storageKey, type FileExtension } from './files.ts';
import type { ModelTrainOptions } from './routes.ts';

const fileParams = z.object({ key: z.string().regex(FILE_KEY_RE) });
const linkQuery = z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) });

/** A name safe inside Content-Disposition's quoted-less UTF-8 form. */
const downloadName = (name: string, ext: string) =>
  encodeURIComponent(`${name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')}.${ext}`);

export const fileRoutes: FastifyPluginAsync<ModelTrainOptions> = async (
  app,
  { db, storage, mediaSecret, now },
) => {
  app.get('/train/files/:key', async (request, reply) => {
    const { key } = parseInput(fileParams, request.params);
    const { exp, sig } = parseInput(linkQuery, request.query);
    if (!verifySignedLink(mediaSecret, FILE_LINK_SCOPE, key, exp, sig, now())) throw forbidden();
    const stored = await storage.stat(storageKey(key));
    if (!stored) throw new AppError('notFound', 404);
    const ext = key.slice(key.lastIndexOf('.') + 1) as FileExtension;
    let disposition = 'inline';
    if (ext === 'zip' || ext === 'onnx') {
      const [saved] = await db
        .select({ name: trainModels.name })
        .from(trainModels)
        .where(eq(trainModels.fileKey, key));
      const [uploaded] = saved
        ? [saved]
        : await db.select({ name: onnxModels.name }).from(onnxModels).where(eq(onnxModels.fileKey, key));
      disposition = `attachment; filename*=UTF-8''${downloadName(uploaded?.name ?? 'model', ext)}`;
    }
    // Opened before any header is set, so a file removed meanwhile is still the JSON 404.
    const body = await storage.get(storageKey(key)).catch((error: unknown) => {
      throw error instanceof StoredFileMissing ? new AppError('notFound', 404) : error;
    });
    // Files never change under a key: the browser may keep them as long as the link lives.
    void reply
      .header('content-type', FILE_MIME[ext])
      .header('content-length', stored.size)
      .header('cache-control', 'private, max-age=3600, immutable')
      .header('content-disposition', disposition)
      .header('x-content-type-options', 'nosniff');
    return reply.send(body);
  });
};
