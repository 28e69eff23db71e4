/**
 * TanStack Query hooks over the model-training routes. Reads are cached under `trainKeys`; every write
 * refreshes what it changed (the project list, the project, its images, the quota).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ModelFormat, TrainImage, TrainRunSummary } from '@ai-edu/contract';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSessionUser } from '../../../lib/session-user.ts';
import { trainKeys } from './paths.ts';
import {
  trainRequests,
  type CreateEvaluationBody,
  type CreateProjectBody,
  type ImagePatch,
  type ImageUpdate,
  type UpdateProjectBody,
} from './requests.ts';
import { uploadTrainImages, type ImageUploadItem, type UploadResult, type UploadState } from './uploader.ts';

function refreshProject(queryClient: QueryClient, projectId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trainKeys.projects() }),
    queryClient.invalidateQueries({ queryKey: trainKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: trainKeys.quota() }),
  ]);
}

function refreshImages(queryClient: QueryClient, projectId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trainKeys.images(projectId) }),
    refreshProject(queryClient, projectId),
  ]);
}

/** The session and language for multipart calls (they do not go through `apiRequest`). */
export function useMultipartContext() {
  const user = useSessionUser();
  return useCallback(
    (signal?: AbortSignal) => ({ uid: user?.uid, language: currentLanguage(), signal }),
    [user?.uid],
  );
}

// ---- reads ----

/** `{ projects, shared }`: the caller's own projects and those shared with a class they are in. */
export function useTrainProjects() {
  return useQuery({
    queryKey: trainKeys.projects(),
    queryFn: ({ signal }) => trainRequests.listProjects(signal),
  });
}

export function useTrainProject(id: number | null | undefined) {
  return useQuery({
    queryKey: trainKeys.project(id ?? 0),
    queryFn: ({ signal }) => trainRequests.getProject(id as number, signal),
    enabled: typeof id === 'number' && id > 0,
  });
}

export function useProjectImages(projectId: number | null | undefined) {
  return useQuery({
    queryKey: trainKeys.images(projectId ?? 0),
    queryFn: async ({ signal }) => (await trainRequests.listImages(projectId as number, signal)).images,
    enabled: typeof projectId === 'number' && projectId > 0,
    // Image links expire; a fresh list now and then keeps them loadable.
    staleTime: 60_000,
  });
}

export function useQuota() {
  return useQuery({ queryKey: trainKeys.quota(), queryFn: ({ signal }) => trainRequests.quota(signal) });
}

export function useOnnxModels() {
  return useQuery({
    queryKey: trainKeys.onnxModels(),
    queryFn: async ({ signal }) => (await trainRequests.listOnnx(signal)).models,
  });
}

export function useEvaluations(projectId: number | null | undefined) {
  return useQuery({
    queryKey: trainKeys.evaluations(projectId ?? 0),
    queryFn: async ({ signal }) =>
      (await trainRequests.listEvaluations(projectId as number, signal)).evaluations,
    enabled: typeof projectId === 'number' && projectId > 0,
  });
}

// ---- projects ----

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => trainRequests.createProject(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainKeys.projects() }),
  });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateProjectBody & { id: number }) =>
      trainRequests.updateProject(id, body),
    onSuccess: (project) => {
      queryClient.setQueryData(trainKeys.project(project.id), project);
      return queryClient.invalidateQueries({ queryKey: trainKeys.projects() });
    },
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => trainRequests.deleteProject(id),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: trainKeys.project(id) });
      queryClient.removeQueries({ queryKey: trainKeys.images(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: trainKeys.projects() }),
        queryClient.invalidateQueries({ queryKey: trainKeys.quota() }),
      ]);
    },
  });
}

export function useDuplicateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name?: string }) => trainRequests.duplicateProject(id, name),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trainKeys.projects() }),
        queryClient.invalidateQueries({ queryKey: trainKeys.quota() }),
      ]),
  });
}

/** A school account (vip 2) shares a project's dataset read-only with one of its classes (null: stop). */
export function useShareProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, classId }: { id: number; classId: string | null }) =>
      trainRequests.shareProject(id, classId),
    onSuccess: (_, { id }) => refreshProject(queryClient, id),
  });
}

// ---- images ----

export interface AddImages {
  /** Uploads the items (4 at a time); resolves when all are done or refused. */
  upload: (items: readonly ImageUploadItem[]) => Promise<UploadResult>;
  /** One state per item of the last `upload`, in its order. */
  states: UploadState[];
  running: boolean;
  /** Stops the files not yet sent (those already on their way finish). */
  cancel: () => void;
}

/** The uploader: per-file states and errors; each finished image joins the cached image list at once. */
export function useAddImages(projectId: number): AddImages {
  const queryClient = useQueryClient();
  const context = useMultipartContext();
  const [states, setStates] = useState<UploadState[]>([]);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    async (items: readonly ImageUploadItem[]) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const current: UploadState[] = items.map(() => ({ status: 'queued' }));
      setStates([...current]);
      setRunning(true);
      // State updates are batched per animation frame: 1,000 files must not mean 3,000 renders.
      let frame = 0;
      const flush = () => {
        frame = 0;
        setStates([...current]);
      };
      try {
        return await uploadTrainImages(projectId, items, {
          ...context(abort.signal),
          onState: (index, state) => {
            current[index] = state;
            if (state.image) {
              const image = state.image;
              queryClient.setQueryData<TrainImage[]>(trainKeys.images(projectId), (old) =>
                old ? [...old.filter((o) => o.id !== image.id), image] : old,
              );
            }
            if (!frame) frame = requestAnimationFrame(flush);
          },
        });
      } finally {
        if (frame) cancelAnimationFrame(frame);
        flush();
        setRunning(false);
        if (controller.current === abort) controller.current = null;
        await refreshImages(queryClient, projectId);
      }
    },
    [projectId, context, queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { upload, states, running, cancel };
}

export function useUpdateImage(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: ImagePatch & { id: number }) => trainRequests.updateImage(id, patch),
    onSuccess: (image) =>
      queryClient.setQueryData<TrainImage[]>(trainKeys.images(projectId), (old) =>
        old?.map((o) => (o.id === image.id ? image : o)),
      ),
  });
}

/** Many images at once (applying a split, moving images to another class). */
export function useUpdateImages(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (updates: ImageUpdate[]) => trainRequests.updateImages(projectId, updates),
    onSuccess: () => refreshImages(queryClient, projectId),
  });
}

export function useDeleteImages(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => trainRequests.deleteImages(projectId, ids),
    onSuccess: (_, ids) => {
      const gone = new Set(ids);
      queryClient.setQueryData<TrainImage[]>(trainKeys.images(projectId), (old) =>
        old?.filter((o) => !gone.has(o.id)),
      );
      return refreshImages(queryClient, projectId);
    },
  });
}

// ---- models, ONNX, evaluation ----

/** Saves an exported model (TF.js zip or ONNX) on the server; throws `UploadError` with the server's text. */
export function useSaveModel(projectId: number) {
  const queryClient = useQueryClient();
  const context = useMultipartContext();
  return useMutation({
    mutationFn: (body: { name: string; format: ModelFormat; summary?: TrainRunSummary | null; file: Blob }) =>
      trainRequests.saveModel(projectId, body, context()),
    onSuccess: () => refreshProject(queryClient, projectId),
  });
}

export function useDeleteModel(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => trainRequests.deleteModel(id),
    onSuccess: () => refreshProject(queryClient, projectId),
  });
}

/** POST /api/onnx/upload; throws `UploadError` whose message is the server's (shown as is). */
export function useUploadOnnx() {
  const queryClient = useQueryClient();
  const context = useMultipartContext();
  return useMutation({
    mutationFn: (body: { name: string; file: Blob; fileName?: string }) =>
      trainRequests.uploadOnnx(body, context()),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trainKeys.onnxModels() }),
        queryClient.invalidateQueries({ queryKey: trainKeys.quota() }),
      ]),
  });
}

export function useDeleteOnnx() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => trainRequests.deleteOnnx(id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trainKeys.onnxModels() }),
        queryClient.invalidateQueries({ queryKey: trainKeys.quota() }),
      ]),
  });
}

export function useCreateEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEvaluationBody) => trainRequests.createEvaluation(body),
    onSuccess: (record) =>
      queryClient.invalidateQueries({ queryKey: trainKeys.evaluations(record.projectId) }),
  });
}
