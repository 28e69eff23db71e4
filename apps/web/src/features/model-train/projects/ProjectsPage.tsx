/**
 * The /modelTrain page body: the caller's projects (create, rename, duplicate, delete; a school shares one
 * with a class), the projects shared with the caller's class (read-only, duplicate to make one's own), the
 * storage quota and the ONNX models.
 */
import { Button, Empty, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { TrainProject } from '@ai-edu/contract';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { isTeacher, useSessionUser } from '../../../lib/session-user.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteProject, useDuplicateProject, useTrainProjects } from '../api/hooks.ts';
import { QuotaBar } from '../dataset/QuotaBar.tsx';
import { OnnxModelsSection } from '../onnx/OnnxModelsSection.tsx';
import { CreateProjectDialog, RenameProjectDialog, ShareProjectDialog } from './ProjectDialogs.tsx';
import { ProjectCard } from './ProjectCard.tsx';
import { fitName, projectPath } from './project-helpers.ts';
import { texts } from './i18n.ts';
import './projects.css';

function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-section" aria-label={title}>
      <header className="mt-section-head">
        <Typography.Title level={3}>{title}</Typography.Title>
        {extra}
      </header>
      {children}
    </section>
  );
}

export function ProjectsPage() {
  const { t } = useFeatureTranslation('model-train-projects', texts);
  const navigate = useNavigate();
  const user = useSessionUser();
  const school = user?.authInfo.vip === 2 || isTeacher(user);
  const list = useTrainProjects();
  const duplicate = useDuplicateProject();
  const remove = useDeleteProject();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TrainProject | null>(null);
  const [sharing, setSharing] = useState<TrainProject | null>(null);

  const copy = async (project: TrainProject) => {
    const name = fitName((n) => t('copyName', { name: n }), project.name);
    const created = await duplicate.mutateAsync({ id: project.id, name }).catch(() => null);
    if (created) toast(t('duplicated', { name: created.name }), 'success');
  };
  const destroy = async (project: TrainProject) => {
    const done = await remove.mutateAsync(project.id).then(
      () => true,
      () => false,
    );
    if (done) toast(t('deleted'), 'success');
  };

  const own = list.data?.projects ?? [];
  const shared = list.data?.shared ?? [];
  return (
    <PageFrame
      title={t('title')}
      tip={t('tip')}
      hideBack
      loading={list.isLoading}
      className="mt-projects-page"
    >
      <QuotaBar />
      <Section
        title={t('myProjects')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('newProject')}
          </Button>
        }
      >
        {own.length === 0 && !list.isLoading ? (
          <Empty description={t('noProjects')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <div className="mt-project-grid">
            {own.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                onRename={() => setRenaming(project)}
                onDuplicate={() => void copy(project)}
                onDelete={() => void destroy(project)}
                onShare={school ? () => setSharing(project) : undefined}
                busy={duplicate.isPending && duplicate.variables?.id === project.id}
              />
            ))}
          </div>
        )}
      </Section>
      {shared.length > 0 && (
        <Section title={t('sharedProjects')}>
          <div className="mt-project-grid">
            {shared.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                onDuplicate={() => void copy(project)}
                busy={duplicate.isPending && duplicate.variables?.id === project.id}
              />
            ))}
          </div>
        </Section>
      )}
      <OnnxModelsSection projects={[...own, ...shared]} />
      <Space />
      <CreateProjectDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(project) => {
          setCreating(false);
          void navigate(projectPath(project));
        }}
      />
      <RenameProjectDialog project={renaming} onClose={() => setRenaming(null)} />
      <ShareProjectDialog project={sharing} onClose={() => setSharing(null)} />
    </PageFrame>
  );
}
