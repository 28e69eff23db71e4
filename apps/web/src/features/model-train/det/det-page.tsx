/**
 * The detection page (`/modelTrain/mmedu/det?project=ID`): Data (labelling tool, COCO) → Train → Evaluate →
 * Try → Export, one training session (one worker) shared by the tabs. A project shared with the user's class
 * is read-only: it can be trained, evaluated and exported, its pictures and boxes stay as they are.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Result, Tabs } from 'antd';
import type { TrainImage, TrainProject } from '@ai-edu/contract';
import { PageFrame } from '../../../components/page-frame.tsx';
import { paths } from '../../../config/paths.ts';
import { useProjectImages, useTrainProject } from '../api/index.ts';
import { ExportPanel, TrainingPanel, useTrainingSession } from '../training/index.ts';
import { DataPanel } from './data-panel.tsx';
import { EvaluatePanel } from './evaluate-panel.tsx';
import { DetTryPanel } from './try-panel.tsx';
import { useDetTexts } from './use-texts.ts';

/** The project id of `?project=`, or null. */
export function projectIdParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function DetPage() {
  const { t } = useDetTexts();
  const [params] = useSearchParams();
  const id = projectIdParam(params.get('project'));
  const project = useTrainProject(id);
  const images = useProjectImages(id);

  const back = (
    <Link to={paths.modelTrain}>
      <Button type="primary">{t('page.back')}</Button>
    </Link>
  );
  let body;
  if (id === null) body = <Result status="info" title={t('page.noProject')} extra={back} />;
  else if (project.isError || images.isError)
    body = <Result status="warning" title={t('page.loadFailed')} extra={back} />;
  else if (project.data && project.data.kind !== 'det')
    body = (
      <Result
        status="info"
        title={t('page.notDet')}
        extra={
          <Link to={`${paths.modelTrainCls}?project=${project.data.id}`}>
            <Button type="primary">{t('page.openCls')}</Button>
          </Link>
        }
      />
    );
  else if (project.data && images.data) body = <DetWorkspace project={project.data} images={images.data} />;

  return (
    <PageFrame
      title={project.data?.name ?? t('page.title')}
      tip={t('page.subtitle')}
      backTo={paths.modelTrain}
      loading={id !== null && !body}
    >
      {body}
    </PageFrame>
  );
}

function DetWorkspace({ project, images }: { project: TrainProject; images: TrainImage[] }) {
  const { t } = useDetTexts();
  const session = useTrainingSession('det', project, images);
  const [tab, setTab] = useState('data');
  return (
    <>
      {project.readOnly && (
        <Alert type="info" showIcon title={t('page.readOnly')} style={{ marginBottom: 12 }} />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          {
            key: 'data',
            label: t('page.tabs.data'),
            children: (
              <DataPanel
                project={project}
                images={images}
                readOnly={project.readOnly}
                active={tab === 'data'}
              />
            ),
          },
          { key: 'train', label: t('page.tabs.train'), children: <TrainingPanel session={session} /> },
          {
            key: 'evaluate',
            label: t('page.tabs.evaluate'),
            children: <EvaluatePanel session={session} images={images} />,
          },
          { key: 'try', label: t('page.tabs.try'), children: <DetTryPanel session={session} /> },
          { key: 'export', label: t('page.tabs.export'), children: <ExportPanel session={session} /> },
        ]}
      />
    </>
  );
}
