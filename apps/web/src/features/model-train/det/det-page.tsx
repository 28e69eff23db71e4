/**
 * The detection page (`/modelTrain/mmedu/det?project=ID`): Data (labelling tool, COCO) → Train → Evaluate →
 * Try → Export, one training session (one worker) shared by the tabs. A project shared with the user's class
 * is read-only: it can be trained, evaluated and exported, its pictures and boxes stay as they are.
 */
import { useState } from 'react';
import { Alert, Tabs } from 'antd';
import type { TrainImage, TrainProject } from '@ai-edu/contract';
import { ExportPanel, TrainingProjectPage, TrainingPanel, useTrainingSession } from '../training/index.ts';
import { DataPanel } from './data-panel.tsx';
import { EvaluatePanel } from './evaluate-panel.tsx';
import { DetTryPanel } from './try-panel.tsx';
import { useDetTexts } from './use-texts.ts';

export function DetPage() {
  const { t } = useDetTexts();
  return (
    <TrainingProjectPage kind="det" title={t('page.title')} tip={t('page.subtitle')}>
      {(project, images) => <DetWorkspace project={project} images={images} />}
    </TrainingProjectPage>
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
