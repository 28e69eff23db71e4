/** TanStack Query hooks over the studio's routes; every write refreshes the project list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateMakeProject } from '@ai-edu/contract';
import { makeKeys } from './paths.ts';
import { makeRequests } from './requests.ts';

export function useMakeProjects() {
  return useQuery({
    queryKey: makeKeys.projects(),
    queryFn: ({ signal }) => makeRequests.listProjects(signal),
  });
}

/**
 * One project with its workspace, read when it opens. Never refetched while open (the workspace on the page is
 * newer than the server's until autosave catches up); dropped once closed, so reopening reads it again.
 */
export function useMakeProject(id: number | null) {
  return useQuery({
    queryKey: makeKeys.project(id ?? 0),
    queryFn: ({ signal }) => makeRequests.getProject(id ?? 0, signal),
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The open project's pictures (its costumes): read when it opens, again after the Costumes panel changes them. */
export function useProjectAssets(id: number | null) {
  return useQuery({
    queryKey: makeKeys.assets(id ?? 0),
    queryFn: ({ signal }) => makeRequests.listAssets(id ?? 0, signal),
    enabled: id !== null,
    refetchOnWindowFocus: false,
  });
}

function useRefreshList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: makeKeys.projects() });
}

export function useCreateProject() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (body: CreateMakeProject) => makeRequests.createProject(body),
    onSettled: refresh,
  });
}

export function useDuplicateProject() {
  const refresh = useRefreshList();
  return useMutation({ mutationFn: (id: number) => makeRequests.duplicateProject(id), onSettled: refresh });
}

export function useDeleteProject() {
  const refresh = useRefreshList();
  return useMutation({ mutationFn: (id: number) => makeRequests.deleteProject(id), onSettled: refresh });
}

export function useRenameProject() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => makeRequests.updateProject(id, { name }),
    onSettled: refresh,
  });
}

/** A project's saved versions, newest first (read while the version list is open). */
export function useMakeVersions(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: makeKeys.versions(id ?? 0),
    queryFn: ({ signal }) => makeRequests.listVersions(id ?? 0, signal),
    enabled: enabled && id !== null,
  });
}
