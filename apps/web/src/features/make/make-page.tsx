/**
 * The block studio at /make (issue 26): a Blockly workspace, the stage beside it, Run / Stop / speed, and the
 * student's projects (saved on the server as they work, downloadable as a file, openable from one).
 * docs/make-studio.md describes the parts.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button, Space } from 'antd';
import {
  CloseCircleFilled,
  CopyOutlined,
  DownloadOutlined,
  FileAddOutlined,
  FolderOpenOutlined,
  HistoryOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { MAKE, type MakeProject, type MakeWorkspace } from '@ai-edu/contract';
import { PageFrame } from '../../components/page-frame.tsx';
import { whenIdle } from '../../lib/on-demand.ts';
import { useSessionUser } from '../../lib/session-user.ts';
import {
  useCreateProject,
  useDeleteProject,
  useDuplicateProject,
  useMakeProject,
  useMakeProjects,
  useMakeVersions,
  useProjectAssets,
  useRenameProject,
} from './api/hooks.ts';
import { makeRequests } from './api/requests.ts';
import { MAKE_PATHS, makeKeys } from './api/paths.ts';
import { setProjectCostumes } from './runtime/project-costumes.ts';
import { Blockly } from './blocks/blockly-setup.ts';
import { BlockWorkspace, type WorkspaceApi } from './components/block-workspace.tsx';
import { RunPanel, useStudioRun } from './components/run-panel.tsx';
import { SharingButtons, SharingPanels, useSharingPanel } from './sharing/sharing-bar.tsx';
import { useAutosave } from './hooks/use-autosave.ts';
import { useHighContrast } from './hooks/use-high-contrast.ts';
import { unknownBlockTypes } from './runtime/block-types.ts';
import { loadProjectFiles, loadStarters, preloadStudio } from './runtime/on-demand.ts';
import { useMakeTexts } from './use-texts.ts';
import { useStudioModels } from './models/use-studio-models.ts';
import { loadModelStarter } from './runtime/on-demand.ts';
import type { ModelStarterChoice } from './models/model-starter.ts';
import './make.css';

/**
 * Chunks of their own, loaded once the page shows (docs/make-studio.md, "First load"): "New from a starter",
 * the lesson's project and the thumbnails (starters/starters-bar.tsx); the project and version lists.
 */
const StartersBar = lazy(() => import('./starters/starters-bar.tsx'));
const ProjectList = lazy(() => import('./components/project-list.tsx'));
const VersionList = lazy(() => import('./components/version-list.tsx'));
const CostumesPanel = lazy(() => import('./costumes/costumes-panel.tsx'));

interface OpenProject {
  id: number;
  name: string;
  workspace: MakeWorkspace;
}

/** "My project", else "My project 2", "My project 3"… whichever is free. */
function freeName(base: string, taken: readonly string[]): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base} ${n}`)) return `${base} ${n}`;
}

function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function MakePage() {
  const { t, language } = useMakeTexts();
  const queryClient = useQueryClient();
  const list = useMakeProjects();
  const createProject = useCreateProject();
  const duplicateProject = useDuplicateProject();
  const deleteProject = useDeleteProject();
  const renameProject = useRenameProject();

  /** The project the student chose; until they choose, the one changed last. */
  const [chosenId, setChosenId] = useState<number | null>(null);
  const shownId = chosenId ?? list.data?.projects[0]?.id ?? null;
  const project = useMakeProject(shownId);
  /** What the student did since the project was read: its latest workspace and name. */
  const [edits, setEdits] = useState<{ id: number; workspace?: MakeWorkspace; name?: string } | null>(null);
  const [nameDraft, setNameDraft] = useState<{ id: number; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [costumesOpen, setCostumesOpen] = useState(false);
  const [sharingOpen, setSharingOpen] = useSharingPanel();
  const [highContrast, setHighContrast] = useHighContrast();
  /** Bumped when the server replaced the open project's workspace (a restore): the workspace reads it anew. */
  const [revision, setRevision] = useState(0);
  const apiRef = useRef<WorkspaceApi | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // A save may add a version: the version list, when open, shows it.
  const autosave = useAutosave(project.data?.id ?? null, (id) => {
    void queryClient.invalidateQueries({ queryKey: makeKeys.versions(id) });
  });

  const current: OpenProject | null = project.data
    ? {
        id: project.data.id,
        name: (edits?.id === project.data.id ? edits.name : undefined) ?? project.data.name,
        workspace: (edits?.id === project.data.id ? edits.workspace : undefined) ?? project.data.workspace,
      }
    : null;

  const openId = project.data?.id ?? null;
  const versions = useMakeVersions(openId, versionsOpen);
  const uid = useSessionUser()?.uid ?? null;
  // The project's pictures are costumes: the dropdown and the run read them (runtime/project-costumes.ts), so
  // they are known before the workspace is made; the workspace may name pictures the project lacks.
  const assets = useProjectAssets(project.data?.id ?? null);
  const openedWorkspace = project.data?.workspace;
  // Set while rendering, not in an effect: the workspace (a child) is made in its own effect, which runs first.
  useMemo(() => {
    if (openId === null || !assets.data) return;
    setProjectCostumes(
      {
        pictures: assets.data.assets,
        filePath: (assetId) => MAKE_PATHS.assetFile(openId, assetId),
        uid,
      },
      openedWorkspace,
    );
  }, [openId, assets.data, uid, openedWorkspace]);
  const assetsSettled = !assets.isPending || assets.isError;
  const { runner, categoryNames, describeLoadError } = useStudioRun(apiRef);

  /** Opens project `id` (already read when `loaded` is given), after the open one has saved its last change. */
  const openProject = async (id: number, loaded?: MakeProject) => {
    runner.stop();
    await autosave.flush();
    if (loaded) queryClient.setQueryData(makeKeys.project(id), loaded);
    else await queryClient.invalidateQueries({ queryKey: makeKeys.project(id) });
    setEdits(null);
    setChosenId(id);
    setListOpen(false);
  };

  const { schedule } = autosave;
  const onWorkspaceChange = useCallback(
    (workspace: MakeWorkspace) => {
      if (openId === null) return;
      setEdits((old) => ({ ...(old?.id === openId ? old : {}), id: openId, workspace }));
      schedule(workspace);
    },
    [openId, schedule],
  );

  const names = list.data?.projects.map((p) => p.name) ?? [];

  const newProject = async () => {
    setFileError(null);
    const made = await createProject.mutateAsync({ name: freeName(t('newProjectName'), names) });
    await openProject(made.id, made);
  };

  const openFile = async (file: File) => {
    setFileError(null);
    let text: string;
    let files: Awaited<ReturnType<typeof loadProjectFiles>>;
    try {
      files = await loadProjectFiles();
      if (file.size > files.MAX_PROJECT_FILE_BYTES) return setFileError(t('file.tooLarge'));
      text = await file.text();
    } catch {
      return setFileError(t('file.readFailed'));
    }
    const parsed = files.parseProjectFile(text, file.name, t('newProjectName'));
    if (!parsed.ok) return setFileError(t(`file.${parsed.reason}`));
    const unknown = unknownBlockTypes(parsed.workspace, (type) => type in Blockly.Blocks);
    if (unknown.length) return setFileError(t('file.unknownBlocks', { types: unknown.join(', ') }));
    const made = await createProject.mutateAsync({
      name: freeName(parsed.name, names),
      workspace: parsed.workspace,
    });
    if (parsed.pictures.length) {
      // A version 2 file's pictures go into the new project; its costume blocks then name their new ids.
      try {
        const ids = await files.uploadFilePictures(made.id, parsed.pictures, { uid, language });
        const workspace = files.withNewPictureIds(parsed.workspace, ids);
        await makeRequests.updateProject(made.id, { workspace });
        return await openProject(made.id);
      } catch (failure) {
        setFileError(t('file.picturesFailed', { message: failure instanceof Error ? failure.message : '' }));
      }
    }
    await openProject(made.id, made);
  };

  const download = async () => {
    if (!current) return;
    const workspace = apiRef.current?.save() ?? current.workspace;
    const { projectFileText, downloadFileName, picturesForFile } = await loadProjectFiles();
    const pictures = await picturesForFile(current.id, assets.data?.assets ?? [], uid);
    downloadText(projectFileText(current.name, workspace, pictures), downloadFileName(current.name));
  };

  // The interpreter, the file reader and the schemas, fetched while the student looks at the blocks.
  useEffect(() => whenIdle(preloadStudio), []);

  const owner = uid ?? '';
  useStudioModels(owner);
  // A trainer's "Use in a program" opens `?model=<id>`: a new project with that model's starter, once.
  const [params, setParams] = useSearchParams();
  const modelId = params.get('model');
  const startedModel = useRef<string | null>(null);
  const [modelChoice, setModelChoice] = useState<{
    title: string;
    choices: ModelStarterChoice[];
    modelName: string;
  } | null>(null);
  const listed = list.data !== undefined;
  /** The program the student chose for a model, as a new project named after the model. */
  const startModelProject = async (modelName: string, workspace: MakeWorkspace) => {
    setModelChoice(null);
    const made = await createProject.mutateAsync({
      name: freeName(modelName.slice(0, MAKE.projectNameMax), names),
      workspace,
    });
    await openProject(made.id, made);
  };
  // Another page's "program it" link opens `?starter=<id>` (/embodiment: the line follower): a new project
  // from that starter, once.
  const starterId = params.get('starter');
  const startedStarter = useRef<string | null>(null);
  useEffect(() => {
    if (!starterId || !listed || startedStarter.current === starterId) return;
    startedStarter.current = starterId;
    setParams({}, { replace: true });
    void loadStarters()
      .then(async ({ makeStarterById }) => {
        const starter = makeStarterById(starterId);
        if (!starter) return;
        const lang = language === 'en' ? 'en' : 'zh-CN';
        const made = await createProject.mutateAsync({
          name: freeName(starter.name[lang], names),
          workspace: starter.workspace[lang],
        });
        await openProject(made.id, made);
      })
      .catch(() => undefined);
  });
  useEffect(() => {
    if (!modelId || !owner || !listed || startedModel.current === modelId) return;
    startedModel.current = modelId;
    setParams({}, { replace: true });
    void (async () => {
      const starter = await loadModelStarter();
      const model = await starter.readProgramModel(owner, modelId);
      if (!model) return setFileError(t('modelNotFound'));
      const offer = starter.modelStarters(model);
      // More than one program to start (rock, paper, scissors for three labels): the student chooses.
      const [only, ...others] = offer.choices;
      if (only && !others.length) return startModelProject(model.name, only.workspace);
      setModelChoice({ ...offer, modelName: model.name });
    })().catch(() => undefined);
  });

  const nameShown = nameDraft && nameDraft.id === current?.id ? nameDraft.text : (current?.name ?? '');
  const commitName = () => {
    setNameDraft(null);
    const name = nameShown.trim();
    if (!current || !name || name === current.name) return;
    setEdits((old) => ({ ...(old?.id === current.id ? old : {}), id: current.id, name }));
    renameProject.mutate({ id: current.id, name });
  };

  const duplicate = async (id: number) => {
    // The copy is made from what the server has: the last change goes first.
    await autosave.flush();
    const copy = await duplicateProject.mutateAsync(id);
    await openProject(copy.id);
  };

  const restore = async (versionId: number) => {
    if (!current) return;
    runner.stop();
    await autosave.flush();
    const restored = await makeRequests.restoreVersion(current.id, versionId);
    queryClient.setQueryData(makeKeys.project(current.id), restored);
    setEdits(null);
    setRevision((n) => n + 1);
    await Promise.all([versions.refetch(), queryClient.invalidateQueries({ queryKey: makeKeys.projects() })]);
  };

  const remove = async (id: number) => {
    if (current?.id === id) {
      runner.stop();
      autosave.discard();
    }
    // The list is fresh once this resolves, so the next project shown is one that still exists.
    await deleteProject.mutateAsync(id);
    if (chosenId === id) setChosenId(null);
  };

  const saveText =
    autosave.state.kind === 'failed'
      ? `${t('save.failed')}: ${autosave.state.message}`
      : autosave.state.kind === 'saved'
        ? t('save.saved')
        : autosave.state.kind === 'idle'
          ? ''
          : t('save.saving');

  return (
    <PageFrame
      title={t('title')}
      hideBack
      className="make-page"
      loading={
        list.isPending || (shownId !== null && project.isPending) || (current !== null && !assetsSettled)
      }
    >
      <div className="make-toolbar">
        <Space wrap>
          <Button
            icon={<UnorderedListOutlined />}
            aria-expanded={listOpen}
            aria-controls="make-projects"
            onClick={() => setListOpen((open) => !open)}
          >
            {t('projects')}
          </Button>
          <Button icon={<FileAddOutlined />} onClick={() => void newProject().catch(() => undefined)}>
            {t('newProject')}
          </Button>
          <Button icon={<FolderOpenOutlined />} onClick={() => fileInput.current?.click()}>
            {t('openFile')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            aria-label={t('openFile')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared, so choosing the same file again is a change too.
              event.target.value = '';
              if (file) void openFile(file).catch(() => undefined);
            }}
          />
          <Button icon={<DownloadOutlined />} disabled={!current} onClick={() => void download()}>
            {t('download')}
          </Button>
          {current && (
            <Button icon={<CopyOutlined />} onClick={() => void duplicate(current.id).catch(() => undefined)}>
              {t('duplicate')}
            </Button>
          )}
          <SharingButtons
            project={list.data?.projects.find((p) => p.id === current?.id) ?? null}
            open={sharingOpen}
            onToggle={setSharingOpen}
          />
        </Space>
        {current && (
          <Space wrap className="make-project-bar">
            <input
              aria-label={t('projectName')}
              value={nameShown}
              maxLength={MAKE.projectNameMax}
              onChange={(event) => setNameDraft({ id: current.id, text: event.target.value })}
              onBlur={commitName}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commitName();
              }}
              className="make-name-input"
            />
            <span
              className={
                autosave.state.kind === 'failed' ? 'make-save-state make-save-failed' : 'make-save-state'
              }
              role="status"
            >
              {saveText}
            </span>
            <Button
              aria-expanded={costumesOpen}
              aria-controls="make-costumes"
              onClick={() => setCostumesOpen((open) => !open)}
            >
              {t('costumes.open')}
            </Button>
            <Button
              icon={<HistoryOutlined />}
              aria-expanded={versionsOpen}
              aria-controls="make-versions"
              onClick={() => setVersionsOpen((open) => !open)}
            >
              {t('versions')}
            </Button>
            <Button onClick={() => apiRef.current?.zoomToFit()}>{t('zoomToFit')}</Button>
            <Button
              aria-pressed={highContrast}
              type={highContrast ? 'primary' : 'default'}
              onClick={() => setHighContrast(!highContrast)}
            >
              {t('highContrast')}
            </Button>
          </Space>
        )}
      </div>

      <Suspense fallback={null}>
        <StartersBar onOpen={openProject} />
      </Suspense>

      <Suspense fallback={null}>
        {versionsOpen && current && (
          <VersionList
            versions={versions.data?.versions}
            onClose={() => setVersionsOpen(false)}
            onRestore={(versionId) => void restore(versionId).catch(() => undefined)}
            texts={{
              title: t('versionsTitle'),
              close: t('close'),
              empty: t('noVersions'),
              restore: t('restore'),
              describe: (version) =>
                t('versionSaved', {
                  when: new Date(version.savedAt).toLocaleString(language),
                  kb: (version.bytes / 1024).toFixed(1),
                }),
            }}
          />
        )}

        {costumesOpen && current && (
          <CostumesPanel
            projectId={current.id}
            assets={assets.data}
            uid={uid}
            language={language}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: makeKeys.assets(current.id) })}
            onClose={() => setCostumesOpen(false)}
          />
        )}

        {listOpen && (
          <ProjectList
            projects={list.data?.projects ?? []}
            currentId={current?.id ?? null}
            onClose={() => setListOpen(false)}
            onOpen={(id) => void openProject(id).catch(() => undefined)}
            onDuplicate={(id) => void duplicate(id).catch(() => undefined)}
            onDelete={(id) => void remove(id).catch(() => undefined)}
            texts={{
              title: t('projectsTitle'),
              close: t('close'),
              empty: t('noProjects'),
              open: t('open'),
              duplicate: t('duplicate'),
              delete: t('delete'),
              deleteConfirm: (name) => t('deleteConfirm', { name }),
              cancel: t('cancel'),
              current: t('current'),
              updated: (iso) => t('updated', { when: new Date(iso).toLocaleString(language) }),
            }}
          />
        )}
      </Suspense>

      <SharingPanels
        project={list.data?.projects.find((p) => p.id === current?.id) ?? null}
        open={sharingOpen}
        onClose={() => setSharingOpen(null)}
      />

      {modelChoice && (
        <section className="make-model-choice" aria-labelledby="make-model-choice-title">
          <h2 id="make-model-choice-title">{modelChoice.title}</h2>
          <Space wrap>
            {modelChoice.choices.map((choice) => (
              <Button
                key={choice.id}
                onClick={() =>
                  void startModelProject(modelChoice.modelName, choice.workspace).catch(() => undefined)
                }
              >
                {choice.name}
              </Button>
            ))}
            <Button onClick={() => setModelChoice(null)}>{t('cancel')}</Button>
          </Space>
        </section>
      )}

      {fileError && (
        <p className="make-error" role="alert">
          <CloseCircleFilled aria-hidden /> {fileError}
        </p>
      )}

      {current && assetsSettled ? (
        <div className="make-main">
          <BlockWorkspace
            key={`${current.id}:${language}:${revision}`}
            language={language === 'en' ? 'en' : 'zh-CN'}
            initial={current.workspace}
            categoryNames={categoryNames}
            label={t('workspaceLabel')}
            loadingText={t('loadingBlocks')}
            onChange={onWorkspaceChange}
            apiRef={apiRef}
            highContrast={highContrast}
            describeLoadError={describeLoadError}
          />
          <RunPanel runner={runner} withSpeed workspace={current.workspace} />
        </div>
      ) : (
        list.data && !current && <p className="make-empty">{t('noProjects')}</p>
      )}
    </PageFrame>
  );
}

export default MakePage;
