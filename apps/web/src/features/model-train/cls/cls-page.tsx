/**
 * The classification page (`/modelTrain/mmedu/cls?project=ID`): Data → Train → Evaluate → Try → Export, one
 * training session (one worker) shared by the tabs. A project shared with the user's class is read-only:
 * it can be trained, evaluated and exported, but its pictures stay as they are.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Result, Tabs } from 'antd';
import type { TrainImage, TrainProject } from '@ai-edu/contract';
import { PageFrame } from '../../../components/page-frame.tsx';
import { paths } from '../../../config/paths.ts';
import { useProjectImages, useTrainProject } from '../api/index.ts';
import { ClsDatasetPanel } from '../dataset/index.ts';
import { ExportPanel, TrainingPanel, TryItPanel, useTrainingSession } from '../training/index.ts';
import { EvaluateTab } from './evaluate-tab.tsx';
import { useClsTexts } from './use-texts.ts';

/** The project id of `?project=`, or null. */
export function projectIdParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function ClsPage() {
  const { t } = useClsTexts();
  const [params] = useSearchParams();
  const id = projectIdParam(params.get('project'));
  const project = useTrainProject(id);
  const images = useProjectImages(id);

  const back = (
    <Link to={paths.modelTrain}>
      <Button type="primary">{t('toProjects')}</Button>
    </Link>
  );
  let body;
  if (id === null) body = <Result status="info" title={t('noProject')} extra={back} />;
  else if (project.isError || images.isError)
    body = <Result status="warning" title={t('notFound')} extra={back} />;
  else if (project.data && project.data.kind !== 'cls')
    body = (
      <Result
        status="info"
        title={t('wrongKind')}
        extra={
          <Link to={`${paths.modelTrainDet}?project=${project.data.id}`}>
            <Button type="primary">{t('openDet')}</Button>
          </Link>
        }
      />
    );
  else if (project.data && images.data) body = <ClsWorkspace project={project.data} images={images.data} />;

  return (
    <PageFrame
      title={project.data?.name ?? t('title')}
      tip={t('tip')}
      backTo={paths.modelTrain}
      loading={id !== null && !body}
    >
      {body}
    </PageFrame>
  );
}

function ClsWorkspace({ project, images }: { project: TrainProject; images: TrainImage[] }) {
  const { t } = useClsTexts();
  const session = useTrainingSession('cls', project, images);
  const [tab, setTab] = useState('data');
  return (
    <>
      {project.readOnly && (
        <Alert
          type="info"
          showIcon
          title={t('readOnly', { owner: project.sharedBy ?? '' })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'data',
            label: t('tabs.data'),
            children: <ClsDatasetPanel project={project} images={images} readOnly={project.readOnly} />,
          },
          { key: 'train', label: t('tabs.train'), children: <TrainingPanel session={session} /> },
          {
            key: 'evaluate',
            label: t('tabs.evaluate'),
            children: <EvaluateTab session={session} images={images} />,
          },
          { key: 'try', label: t('tabs.try'), children: <TryItPanel session={session} /> },
          { key: 'export', label: t('tabs.export'), children: <ExportPanel session={session} /> },
        ]}
      />
    </>
  );
}
