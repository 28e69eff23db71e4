/**
 * The frame both training pages share (`/modelTrain/mmedu/cls?project=ID`, `…/det?project=ID`): reads the
 * project id from the address, loads the project and its pictures, and answers every way that can go wrong —
 * no id, a project that cannot be opened, a project of the other kind (with a link to its page) — before the
 * page's own workspace renders.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import type { TrainImage, TrainKind, TrainProject } from '@ai-edu/contract';
import { PageFrame } from '../../../components/page-frame.tsx';
import { paths } from '../../../config/paths.ts';
import { useProjectImages, useTrainProject } from '../api/index.ts';
import { useTrainingTexts } from './use-texts.ts';

/** The project id of `?project=`, or null. */
export function projectIdParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

const PAGE_OF: Record<TrainKind, string> = { cls: paths.modelTrainCls, det: paths.modelTrainDet };

export function TrainingProjectPage({
  kind,
  title,
  tip,
  children,
}: {
  kind: TrainKind;
  title: string;
  tip: string;
  children: (project: TrainProject, images: TrainImage[]) => ReactNode;
}) {
  const { t } = useTrainingTexts();
  const [params] = useSearchParams();
  const id = projectIdParam(params.get('project'));
  const project = useTrainProject(id);
  const images = useProjectImages(id);

  const back = (
    <Link to={paths.modelTrain}>
      <Button type="primary">{t('page.toProjects')}</Button>
    </Link>
  );
  let body: ReactNode;
  if (id === null) body = <Result status="info" title={t(`page.noProject.${kind}`)} extra={back} />;
  else if (project.isError || images.isError)
    body = <Result status="warning" title={t('page.notFound')} extra={back} />;
  else if (project.data && project.data.kind !== kind) {
    const other = project.data.kind;
    body = (
      <Result
        status="info"
        title={t(`page.otherKind.${other}`)}
        extra={
          <Link to={`${PAGE_OF[other]}?project=${project.data.id}`}>
            <Button type="primary">{t(`page.openOn.${other}`)}</Button>
          </Link>
        }
      />
    );
  } else if (project.data && images.data) body = children(project.data, images.data);

  return (
    <PageFrame
      title={project.data?.name ?? title}
      tip={tip}
      backTo={paths.modelTrain}
      loading={id !== null && !body}
    >
      {body}
    </PageFrame>
  );
}
