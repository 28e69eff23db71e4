/**
 * Someone else's project, read-only (`/make/shared/<token>` from a share link, `/make/view/<id>` from the class
 * gallery or the teacher view): the blocks without a toolbox, Run / Stop and the stage, and Remix, which makes
 * a copy of the reader's own and opens the studio on it. A link that does not work says so, never a blank page.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { BranchesOutlined, CloseCircleFilled } from '@ant-design/icons';
import type { MakeSharedProject } from '@ai-edu/contract';
import { PageFrame } from '../../../components/page-frame.tsx';
import { RequestError } from '../../../lib/product-call.ts';
import { toast } from '../../../lib/toast.ts';
import { MAKE_PATHS, makeKeys } from '../api/paths.ts';
import { sharingRequests } from '../api/sharing-requests.ts';
import { BlockWorkspace, type WorkspaceApi } from '../components/block-workspace.tsx';
import { RunPanel, useStudioRun } from '../components/run-panel.tsx';
import { setProjectCostumes } from '../runtime/project-costumes.ts';
import { useSessionUser } from '../../../lib/session-user.ts';
import { useHighContrast } from '../hooks/use-high-contrast.ts';
import { useMakeTexts } from '../use-texts.ts';
import { useSharingTexts } from './use-sharing-texts.ts';
import '../make.css';

export type ReadOnlySource = { kind: 'link'; token: string } | { kind: 'class'; id: number };

/** Where the project's pictures are for this reader: the link's routes, or the class's. */
const assetPaths = (source: ReadOnlySource) =>
  source.kind === 'link'
    ? {
        list: MAKE_PATHS.sharedAssets(source.token),
        file: (id: number) => MAKE_PATHS.sharedAssetFile(source.token, id),
      }
    : {
        list: MAKE_PATHS.readableAssets(source.id),
        file: (id: number) => MAKE_PATHS.readableAssetFile(source.id, id),
      };

function read(source: ReadOnlySource, signal: AbortSignal): Promise<MakeSharedProject> {
  return source.kind === 'link'
    ? sharingRequests.readShared(source.token, signal)
    : sharingRequests.readReadable(source.id, signal);
}

export function ReadOnlyProject({ source }: { source: ReadOnlySource }) {
  const { t, language } = useMakeTexts();
  const { t: ts } = useSharingTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const apiRef = useRef<WorkspaceApi | null>(null);
  const key = source.kind === 'link' ? source.token : source.id;
  const project = useQuery({
    queryKey: ['make', 'read-only', source.kind, key],
    queryFn: ({ signal }) => read(source, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const uid = useSessionUser()?.uid ?? null;
  const assets = useQuery({
    queryKey: ['make', 'read-only-assets', source.kind, key],
    queryFn: ({ signal }) => sharingRequests.readAssets(assetPaths(source).list, signal),
    enabled: project.isSuccess,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const openedWorkspace = project.data?.workspace;
  // Before the workspace is made (its own effect runs first): the costume dropdown and the run read them.
  useMemo(() => {
    if (!assets.data) return;
    const paths = assetPaths(source);
    setProjectCostumes({ pictures: assets.data.assets, filePath: paths.file, uid }, openedWorkspace);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `source` is a new object each render; `key` names it
  }, [assets.data, uid, openedWorkspace, source.kind, key]);
  const assetsSettled = assets.isSuccess || assets.isError;
  const remix = useMutation({
    mutationFn: () =>
      source.kind === 'link'
        ? sharingRequests.remixShared(source.token)
        : sharingRequests.remixReadable(source.id),
    onSuccess: async () => {
      toast(ts('remixed'), 'success');
      await queryClient.invalidateQueries({ queryKey: makeKeys.projects() });
      // The copy is the newest project: the studio opens on it.
      void navigate('/make');
    },
  });
  const { runner, categoryNames, describeLoadError } = useStudioRun(apiRef);
  // The studio's high-contrast switch holds here too (it is switched in the studio's toolbar).
  const [highContrast] = useHighContrast();
  const ignore = useCallback(() => undefined, []);

  const failure = project.error;
  const failureText =
    failure instanceof RequestError && failure.status === 404
      ? ts(source.kind === 'link' ? 'linkGone' : 'notReadable')
      : failure?.message;
  const data = project.data;

  return (
    <PageFrame
      title={t('title')}
      backTo="/make"
      className="make-page"
      loading={project.isPending || (project.isSuccess && !assetsSettled)}
    >
      {failureText && (
        <p className="make-error" role="alert">
          <CloseCircleFilled aria-hidden /> {failureText}
        </p>
      )}
      {data && assetsSettled && (
        <>
          <div className="make-toolbar">
            <div>
              <h2 className="make-read-only-title">
                {ts('readOnlyTitle', {
                  name: data.name,
                  author: data.authorName || ts('someone'),
                })}
              </h2>
              <p className="make-read-only-note">{ts('readOnly')}</p>
            </div>
            <Button
              type="primary"
              icon={<BranchesOutlined />}
              loading={remix.isPending}
              onClick={() => remix.mutate()}
            >
              {ts('remix')}
            </Button>
          </div>
          <div className="make-main">
            <BlockWorkspace
              key={language}
              language={language === 'en' ? 'en' : 'zh-CN'}
              initial={data.workspace}
              categoryNames={categoryNames}
              label={t('workspaceLabel')}
              loadingText={t('loadingBlocks')}
              onChange={ignore}
              apiRef={apiRef}
              readOnly
              highContrast={highContrast}
              describeLoadError={describeLoadError}
            />
            <RunPanel runner={runner} withSpeed={false} workspace={data.workspace} />
          </div>
        </>
      )}
    </PageFrame>
  );
}
