/**
 * Model training (spec §2 `modelTrain`, `modelTrain/mmedu/cls`, `modelTrain/mmedu/det`; spec §7 `onnx/upload`
 * and `evaluation`): server-stored training projects with their datasets (images, class labels, boxes, splits),
 * the models a user saved from them, ONNX models uploaded to be evaluated, and evaluation records.
 *
 * Training itself runs in the browser; the server stores and checks. Coordinates of boxes are pixels of the
 * stored image, top-left origin (COCO's `bbox` order: x, y, width, height).
 *
 * Plain constants first, then the schemas.
 */
import { z } from 'zod';
import { displayNameSchema, fileNameSchema, hasBidiControl, text } from './input-rules.ts';

export const MODEL_TRAIN = {
  maxProjectsPerUser: 50,
  maxImagesPerProject: 2000,
  maxClasses: 20,
  maxBoxesPerImage: 50,
  projectNameMax: 40,
  classNameMax: 30,
  /** One training image (JPEG, PNG or WebP, checked from its bytes). */
  maxImageBytes: 5 * 1024 * 1024,
  /** The thumbnail the page makes (≤ 160 px side, JPEG or WebP). */
  maxThumbBytes: 64 * 1024,
  maxImageSide: 8192,
  /** An exported model saved on the server, or an uploaded ONNX model. */
  maxModelBytes: 50 * 1024 * 1024,
  /** Everything one user stores (images, thumbnails, models, ONNX uploads); the server's setting may differ. */
  defaultQuotaBytes: 500 * 1024 * 1024,
  maxOnnxModelsPerUser: 20,
  maxModelsPerProject: 20,
  /** Images added per user per minute (a 1,000-image folder goes up in a few minutes). */
  imageUploadsPerMinute: 600,
} as const;

export const TRAIN_KINDS = ['cls', 'det'] as const;
export type TrainKind = (typeof TRAIN_KINDS)[number];

export const TRAIN_SPLITS = ['train', 'val', 'test'] as const;
export type TrainSplit = (typeof TRAIN_SPLITS)[number];

export const MODEL_FORMATS = ['tfjs', 'onnx'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

export const projectNameSchema = displayNameSchema(MODEL_TRAIN.projectNameMax).pipe(z.string().min(1));

/** A class name: 1–30 characters, letters, digits, spaces, `_` `-` `.` (it becomes a folder name in exports). */
export const trainClassNameSchema = text()
  .trim()
  .min(1)
  .max(MODEL_TRAIN.classNameMax)
  .refine((s) => /^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u.test(s) && !hasBidiControl(s), {
    message: 'a class name has letters, digits, spaces, _ - . and starts with a letter or digit',
  });

export const trainClassesSchema = z
  .array(trainClassNameSchema)
  .max(MODEL_TRAIN.maxClasses)
  .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, {
    message: 'class names must differ',
  });

/** Settings a student chooses; the page explains each one. */
export const trainSettingsSchema = z.object({
  epochs: z.number().int().min(1).max(500),
  learningRate: z.number().min(0.00001).max(1),
  batchSize: z.number().int().min(1).max(512),
  augment: z.boolean(),
});
export type TrainSettingsWire = z.infer<typeof trainSettingsSchema>;

export const DEFAULT_TRAIN_SETTINGS_BY_KIND: Record<TrainKind, TrainSettingsWire> = {
  cls: { epochs: 30, learningRate: 0.001, batchSize: 16, augment: true },
  // Detection's validation mAP on generated shapes is ≥ 0.95 by epoch 10 (docs/model-training.md).
  det: { epochs: 20, learningRate: 0.002, batchSize: 8, augment: true },
};

/** The headline of a project's last finished training, shown on the project list. */
export const trainRunSummarySchema = z.object({
  at: z.string().datetime(),
  epochs: z.number().int().min(0),
  trainMs: z.number().min(0),
  /** cls: accuracy on the test split (0–1). */
  accuracy: z.number().min(0).max(1).nullable(),
  /** det: mAP@0.5 on the test split (0–1). */
  map: z.number().min(0).max(1).nullable(),
});
export type TrainRunSummary = z.infer<typeof trainRunSummarySchema>;

const pixel = z.number().finite().min(0).max(MODEL_TRAIN.maxImageSide);

export const trainBoxSchema = z.object({
  label: trainClassNameSchema,
  x: pixel,
  y: pixel,
  w: pixel.gt(0),
  h: pixel.gt(0),
});
export type TrainBox = z.infer<typeof trainBoxSchema>;

export const trainBoxesSchema = z.array(trainBoxSchema).max(MODEL_TRAIN.maxBoxesPerImage);

export const trainImageSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  /** cls: the image's class (null: not yet sorted); det: null. */
  label: z.string().nullable(),
  /** null: the page assigns one (seeded) when it trains. */
  split: z.enum(TRAIN_SPLITS).nullable(),
  /** det: the labelled boxes; cls: empty. */
  boxes: z.array(trainBoxSchema),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** The original file name (for exports: ImageNet folders, COCO `file_name`). */
  fileName: z.string(),
  /** Expiring links the browser can load (img src, fetch). */
  url: z.string(),
  thumbUrl: z.string(),
  createdAt: z.string(),
});
export type TrainImage = z.infer<typeof trainImageSchema>;

export const savedModelSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  format: z.enum(MODEL_FORMATS),
  bytes: z.number().int(),
  /** The metrics it was saved with (accuracy or mAP on the test split), when known. */
  summary: trainRunSummarySchema.nullable(),
  url: z.string(),
  createdAt: z.string(),
});
export type SavedModel = z.infer<typeof savedModelSchema>;

export const trainProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(TRAIN_KINDS),
  classes: z.array(z.string()),
  settings: trainSettingsSchema,
  /** Seed of the split the page makes for images without one. */
  splitSeed: z.number().int(),
  lastRun: trainRunSummarySchema.nullable(),
  imageCount: z.number().int(),
  bytes: z.number().int(),
  /** The owner's name when the project is shared with the caller's class; null for the caller's own. */
  sharedBy: z.string().nullable(),
  /** True for a project shared with the caller (read-only: train, evaluate and duplicate only). */
  readOnly: z.boolean(),
  /** For the owner (a school): the class its dataset is shared with. */
  /** Class ids are uuids (see classes.ts). */
  sharedWith: z.object({ classId: z.string(), className: z.string() }).nullable(),
  /** The caller's saved models of this project. */
  models: z.array(savedModelSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrainProject = z.infer<typeof trainProjectSchema>;

// ---- requests ----

/** POST /api/train/projects */
export const createTrainProjectSchema = z.object({
  name: projectNameSchema,
  kind: z.enum(TRAIN_KINDS),
  classes: trainClassesSchema.optional(),
});

/** PATCH /api/train/projects/:id (owner only) */
export const updateTrainProjectSchema = z
  .object({
    name: projectNameSchema.optional(),
    classes: trainClassesSchema.optional(),
    settings: trainSettingsSchema.optional(),
    splitSeed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
    lastRun: trainRunSummarySchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'nothing to change' });

/** POST /api/train/projects/:id/duplicate (owner, or a student the project is shared with) */
export const duplicateTrainProjectSchema = z.object({ name: projectNameSchema.optional() });

/** PUT /api/train/projects/:id/share (a school account, vip 2, owner; classId null stops sharing) */
export const shareTrainProjectSchema = z.object({ classId: z.uuid().nullable() });

/**
 * POST /api/train/projects/:id/images: multipart/form-data with the file `image` (required), the file `thumb`
 * (optional) and these fields, `boxes` as JSON text.
 */
export const addTrainImageFieldsSchema = z.object({
  fileName: fileNameSchema(200),
  label: trainClassNameSchema.nullable().optional(),
  split: z.enum(TRAIN_SPLITS).nullable().optional(),
  boxes: trainBoxesSchema.optional(),
});

/** PATCH /api/train/images/:id */
export const updateTrainImageSchema = z
  .object({
    label: trainClassNameSchema.nullable().optional(),
    split: z.enum(TRAIN_SPLITS).nullable().optional(),
    boxes: trainBoxesSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'nothing to change' });

/** POST /api/train/projects/:id/images/update: many at once (applying a split, renaming a class). */
export const updateTrainImagesSchema = z.object({
  updates: z
    .array(
      z.object({
        id: z.number().int(),
        label: trainClassNameSchema.nullable().optional(),
        split: z.enum(TRAIN_SPLITS).nullable().optional(),
        boxes: trainBoxesSchema.optional(),
      }),
    )
    .min(1)
    .max(MODEL_TRAIN.maxImagesPerProject),
});

/** POST /api/train/projects/:id/images/delete */
export const deleteTrainImagesSchema = z.object({
  ids: z.array(z.number().int()).min(1).max(MODEL_TRAIN.maxImagesPerProject),
});

/** POST /api/train/projects/:id/models: multipart, file `model` (a .zip for tfjs, an .onnx) + these fields. */
export const saveModelFieldsSchema = z.object({
  name: displayNameSchema(60).pipe(z.string().min(1)),
  format: z.enum(MODEL_FORMATS),
  summary: trainRunSummarySchema.nullable().optional(),
});

/**
 * The last model the caller trained on a project, kept on the server so it is there on any device (issue 25):
 * PUT /api/train/projects/:id/last-model (multipart: the file `model`, a ZIP the training page writes, and the
 * field `savedAt`) replaces it; GET answers this, or null when there is none.
 */
export const lastTrainedModelSchema = z.object({
  bytes: z.number().int(),
  /** When the page finished that training. */
  savedAt: z.string(),
  /** A signed link to the ZIP. */
  url: z.string(),
});
export type LastTrainedModel = z.infer<typeof lastTrainedModelSchema>;

export const saveLastModelFieldsSchema = z.object({ savedAt: z.iso.datetime({ offset: true }) });

/** GET /api/train/quota */
export const trainQuotaSchema = z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() });
export type TrainQuota = z.infer<typeof trainQuotaSchema>;

// ---- ONNX upload (spec §7 `onnx/upload`) ----

/** What the server read from an uploaded model's protobuf. */
export const onnxTensorInfoSchema = z.object({
  name: z.string(),
  /** Each dimension: a number, or a symbolic name such as `batch` (null when the model leaves it out). */
  shape: z.array(z.union([z.number().int(), z.string()]).nullable()),
});

export const onnxModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bytes: z.number().int(),
  /** `metadata_props` (our exports store `labels`, `task`, `input_size`, `preprocessing` there). */
  metadata: z.record(z.string(), z.string()),
  inputs: z.array(onnxTensorInfoSchema),
  outputs: z.array(onnxTensorInfoSchema),
  opsetVersion: z.number().int().nullable(),
  producer: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type OnnxModel = z.infer<typeof onnxModelSchema>;

/** POST /api/onnx/upload: multipart, file `model` (≤ 50 MB, an ONNX protobuf) + field `name`. */
export const onnxUploadFieldsSchema = z.object({ name: displayNameSchema(60).pipe(z.string().min(1)) });

// ---- evaluation records (spec §7 `evaluation`) ----

export const clsMetricsSchema = z.object({
  task: z.literal('cls'),
  accuracy: z.number().min(0).max(1),
  classes: z.array(z.string()).max(MODEL_TRAIN.maxClasses),
  perClass: z.array(z.object({ precision: z.number(), recall: z.number(), support: z.number().int() })),
  /** confusion[truth][predicted] */
  confusion: z.array(z.array(z.number().int())),
});

export const detMetricsSchema = z.object({
  task: z.literal('det'),
  map: z.number().min(0).max(1),
  classes: z.array(z.string()).max(MODEL_TRAIN.maxClasses),
  perClassAp: z.array(z.number().min(0).max(1)),
  iouThreshold: z.number().min(0).max(1),
});

export const evaluationMetricsSchema = z.discriminatedUnion('task', [clsMetricsSchema, detMetricsSchema]);
export type EvaluationMetrics = z.infer<typeof evaluationMetricsSchema>;

/** POST /api/evaluation: the result of evaluating a model on a project's test images. */
export const createEvaluationSchema = z.object({
  projectId: z.number().int(),
  /** The model evaluated: an uploaded ONNX model, a saved model, or the page's own just-trained model. */
  model: z.discriminatedUnion('source', [
    z.object({ source: z.literal('onnx'), id: z.number().int() }),
    z.object({ source: z.literal('saved'), id: z.number().int() }),
    z.object({ source: z.literal('page') }),
  ]),
  imageCount: z.number().int().min(1).max(MODEL_TRAIN.maxImagesPerProject),
  metrics: evaluationMetricsSchema,
});

export const evaluationRecordSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  modelName: z.string(),
  imageCount: z.number().int(),
  metrics: evaluationMetricsSchema,
  createdAt: z.string(),
});
export type EvaluationRecord = z.infer<typeof evaluationRecordSchema>;
