/**
 * The classification page (`/modelTrain/mmedu/cls?project=ID`): Data → Train → Evaluate → Try → Export, one
 * training session (one worker) shared by the tabs. A project shared with the user's class is read-only:
 * it can be trained, evaluated and exported, but its pictures stay as they are.
 */
import { useState } from 'react';
import { Alert, Tabs } from 'antd';
import type { TrainImage, TrainProject } from '@ai-edu/contract';
import { ClsDatasetPanel } from '../dataset/index.ts';
import {
  ExportPanel,
  TrainingProjectPage,
  TrainingPanel,
  TryItPanel,
  useTrainingSession,
} from '../training/index.ts';
import { EvaluateTab } from './evaluate-tab.tsx';
import { useClsTexts } from './use-texts.ts';

export function ClsPage() {
  const { t } = useClsTexts();
  return (
    <TrainingProjectPage kind="cls" title={t('title')} tip={t('tip')}>
      {(project, images) => <ClsWorkspace project={project} images={images} />}
    </TrainingProjectPage>
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
