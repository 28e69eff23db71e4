/**
 * The model-training routes (packages/contract/src/model-train.ts, docs/api.md "Model training"), in one place
 * so a moved route is one edit.
 */
export const TRAIN_PATHS = {
  projects: '/api/train/projects',
  project: (id: number) => `/api/train/projects/${id}`,
  duplicate: (id: number) => `/api/train/projects/${id}/duplicate`,
  share: (id: number) => `/api/train/projects/${id}/share`,
  images: (projectId: number) => `/api/train/projects/${projectId}/images`,
  updateImages: (projectId: number) => `/api/train/projects/${projectId}/images/update`,
  deleteImages: (projectId: number) => `/api/train/projects/${projectId}/images/delete`,
  image: (id: number) => `/api/train/images/${id}`,
  models: (projectId: number) => `/api/train/projects/${projectId}/models`,
  model: (id: number) => `/api/train/models/${id}`,
  lastModel: (projectId: number) => `/api/train/projects/${projectId}/last-model`,
  quota: '/api/train/quota',
  onnxUpload: '/api/onnx/upload',
  onnxModels: '/api/onnx/models',
  onnxModel: (id: number) => `/api/onnx/models/${id}`,
  evaluation: '/api/evaluation',
} as const;

/** TanStack Query keys: everything under `model-train` so a sign-out or a big change can drop them together. */
export const trainKeys = {
  all: ['model-train'] as const,
  projects: () => ['model-train', 'projects'] as const,
  project: (id: number) => ['model-train', 'project', id] as const,
  images: (projectId: number) => ['model-train', 'images', projectId] as const,
  quota: () => ['model-train', 'quota'] as const,
  onnxModels: () => ['model-train', 'onnx-models'] as const,
  evaluations: (projectId: number) => ['model-train', 'evaluations', projectId] as const,
};
