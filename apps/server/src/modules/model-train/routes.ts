/**
 * Model training (issue 15), under /api: training projects (/train/projects), their images (/train/...images),
 * saved models (/train/...models), each user's last trained model (/train/...last-model), the storage quota (/train/quota), the files behind signed links
 * (/train/files/:key), ONNX uploads (/onnx/...) and evaluation records (/evaluation). Every route needs a
 * signed-in user; the identity comes from the session, never the body. See docs/api.md, "Model training".
 */
import multipart from '@fastify/multipart';
import { MODEL_TRAIN } from '@ai-edu/contract';
import type { Db } from '@ai-edu/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BlobStore } from '../../lib/storage/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { removeStaleParts } from '../courses/uploads.ts';
import { evaluationRoutes } from './evaluation-routes.ts';
import { sweepOrphans } from './files.ts';
import { fileRoutes } from './file-routes.ts';
import { imageRoutes } from './image-routes.ts';
import { lastModelRoutes } from './last-model-routes.ts';
import { modelRoutes } from './model-routes.ts';
import { onnxRoutes } from './onnx-routes.ts';
import { projectRoutes } from './project-routes.ts';

export interface ModelTrainOptions {
  db: Db;
  limiter: RateLimiter;
  /** $DATA_DIR/train: only for clearing the local disk's unfinished writes at start-up. */
  filesDir: string;
  /** Where the files are stored (lib/storage). */
  storage: BlobStore;
  mediaSecret: string;
  /** Per-user storage (TRAIN_QUOTA_MB). */
  quotaBytes: number;
  now: () => Date;
}

/** RFC 2046: a boundary is 1 to 70 characters, quoted or not (the parser 500s without one). */
const BOUNDARY_RE = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

async function requireBoundary(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  if (!BOUNDARY_RE.test(request.headers['content-type'] ?? ''))
    throw new AppError('multipartBoundary', 400, -1);
}

export const modelTrainRoutes: FastifyPluginAsync<ModelTrainOptions> = async (app, options) => {
  // This context's own multipart parser: an image and its thumbnail in one form, models up to 50 MB
  // (each route checks its own file's limit from the bytes as they stream).
  app.addHook('preValidation', requireBoundary);
  await app.register(multipart, {
    limits: { fieldSize: 64 * 1024, fields: 20, fileSize: MODEL_TRAIN.maxModelBytes + 1, files: 2 },
  });

  // Uploads to the local disk cut off by a crash leave their `.part` file behind: clear old ones at start-up
  // (a bucket keeps no partial objects; on one the folder is simply absent).
  app.addHook('onReady', async () => {
    const removed = await removeStaleParts(options.filesDir).catch((error: unknown) => {
      app.log.error({ err: error }, 'could not clear unfinished training uploads');
      return 0;
    });
    if (removed) app.log.info({ removed, dir: options.filesDir }, 'removed unfinished training uploads');
    // Files whose rows went by a cascade (an account removed with its class): swept in the background.
    void sweepOrphans(options.db, options.storage)
      .then((swept) => {
        if (swept)
          app.log.info(
            { swept, storage: options.storage.description },
            'removed training files no row names',
          );
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'could not sweep training files'));
  });

  await app.register(projectRoutes, options);
  await app.register(imageRoutes, options);
  await app.register(modelRoutes, options);
  await app.register(lastModelRoutes, options);
  await app.register(onnxRoutes, options);
  await app.register(evaluationRoutes, options);
  await app.register(fileRoutes, options);
};
