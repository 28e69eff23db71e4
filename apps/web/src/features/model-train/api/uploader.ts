/**
 * Adds images to a project: four at a time, each with its thumbnail, each reporting its own state so the page
 * can show per-file progress and the server's reason for a refused file (type, size, quota, rate limit).
 */
import {
  MODEL_TRAIN,
  trainImageSchema,
  type TrainBox,
  type TrainImage,
  type TrainSplit,
} from '@ai-edu/contract';
import { i18n } from '../../../lib/i18n.ts';
import { registerTexts } from '../../../lib/lab-i18n.ts';
import { texts } from './i18n.ts';
import { postMultipart, UploadError, type MultipartContext } from './multipart.ts';
import { TRAIN_PATHS } from './paths.ts';
import { runPool } from './pool.ts';
import { makeThumbnail } from './thumbnail.ts';

export const UPLOAD_CONCURRENCY = 4;
const NS = 'model-train-api';

export interface ImageUploadItem {
  file: Blob;
  fileName: string;
  label?: string | null;
  split?: TrainSplit | null;
  /** det: boxes in pixels of the image. */
  boxes?: TrainBox[];
}

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'error';

export interface UploadState {
  status: UploadStatus;
  /** Why the file was refused (the server's text when it gave one). */
  error?: string;
  image?: TrainImage;
}

export interface UploadFailure {
  index: number;
  fileName: string;
  message: string;
}

export interface UploadResult {
  images: TrainImage[];
  failures: UploadFailure[];
}

export interface UploadOptions extends MultipartContext {
  concurrency?: number;
  onState?: (index: number, state: UploadState) => void;
  /** Injected by tests (Node has no canvas); the page uses `makeThumbnail`. */
  thumbnail?: (file: Blob) => Promise<{ thumb: Blob | null } | null>;
}

function localText(key: keyof (typeof texts)['en'], options?: Record<string, unknown>): string {
  registerTexts(NS, texts);
  // The app's `t` is typed for the shared catalogue; this namespace is looked up untyped.
  const t = i18n.t.bind(i18n) as unknown as (k: string, o: Record<string, unknown>) => string;
  return t(key, { ...options, ns: NS });
}

function thumbName(fileName: string): string {
  return `${fileName.replace(/\.[^.]*$/, '')}.thumb.jpg`;
}

export async function uploadTrainImages(
  projectId: number,
  items: readonly ImageUploadItem[],
  options: UploadOptions,
): Promise<UploadResult> {
  const { onState, signal } = options;
  const thumbnail = options.thumbnail ?? makeThumbnail;
  items.forEach((_, index) => onState?.(index, { status: 'queued' }));
  const failures: UploadFailure[] = [];

  const outcomes = await runPool(
    items,
    options.concurrency ?? UPLOAD_CONCURRENCY,
    async (item, index): Promise<TrainImage | null> => {
      const fail = (message: string) => {
        failures.push({ index, fileName: item.fileName, message });
        onState?.(index, { status: 'error', error: message });
        return null;
      };
      if (item.file.size > MODEL_TRAIN.maxImageBytes) {
        return fail(localText('tooBig', { mb: MODEL_TRAIN.maxImageBytes / 1024 / 1024 }));
      }
      onState?.(index, { status: 'uploading' });
      const made = await thumbnail(item.file);
      if (!made) return fail(localText('notImage'));
      try {
        const image = await postMultipart(
          TRAIN_PATHS.images(projectId),
          {
            fileName: item.fileName,
            label: item.label ?? undefined,
            split: item.split ?? undefined,
            boxes: item.boxes ? JSON.stringify(item.boxes) : undefined,
            image: { blob: item.file, fileName: item.fileName },
            thumb: made.thumb ? { blob: made.thumb, fileName: thumbName(item.fileName) } : undefined,
          },
          trainImageSchema,
          options,
        );
        onState?.(index, { status: 'done', image });
        return image;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return fail(localText('cancelled'));
        return fail(error instanceof UploadError ? error.message : String(error));
      }
    },
    signal,
  );
  // Items never started because of a cancel are failures too (the page shows them as not added).
  items.forEach((item, index) => {
    if (outcomes[index] === undefined) {
      failures.push({ index, fileName: item.fileName, message: localText('cancelled') });
      onState?.(index, { status: 'error', error: localText('cancelled') });
    }
  });
  failures.sort((a, b) => a.index - b.index);
  return { images: outcomes.filter((image): image is TrainImage => Boolean(image)), failures };
}
