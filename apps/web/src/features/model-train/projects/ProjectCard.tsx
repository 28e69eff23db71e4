/** One project on /modelTrain: kind, images, last score, saved models, and what the caller may do with it. */
import { Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOpenOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import type { TrainProject } from '@ai-edu/contract';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { lastScore, projectPath } from './project-helpers.ts';
import { texts } from './i18n.ts';

export interface ProjectCardProps {
  project: TrainProject;
  onRename?: () => void;
  onDuplicate: () => void;
  onDelete?: () => void;
  onShare?: () => void;
  busy?: boolean;
}

export function ProjectCard({ project, onRename, onDuplicate, onDelete, onShare, busy }: ProjectCardProps) {
  const { t } = useFeatureTranslation('model-train-projects', texts);
  const score = lastScore(project);
  return (
    <Card
      size="small"
      className="mt-project-card"
      data-project-id={project.id}
      title={
        <Space wrap>
          <Link to={projectPath(project)} className="mt-project-name">
            {project.name}
          </Link>
          <Tag color={project.kind === 'cls' ? 'blue' : 'purple'}>{t(`kind.${project.kind}`)}</Tag>
          {project.readOnly && <Tag color="orange">{t('card.readOnly')}</Tag>}
        </Space>
      }
    >
      <Space orientation="vertical" size={4} className="mt-project-body">
        <Typography.Text>
          {t('card.images', { count: project.imageCount })} ·{' '}
          {t('card.classes', { count: project.classes.length })}
        </Typography.Text>
        <Typography.Text type={score ? undefined : 'secondary'} className="mt-project-score">
          {score
            ? t(project.kind === 'cls' ? 'card.accuracy' : 'card.map', { value: score })
            : t('card.notTrained')}
        </Typography.Text>
        {project.models.length > 0 && (
          <Typography.Text type="secondary">
            {t('card.models', { count: project.models.length })}
          </Typography.Text>
        )}
        {project.sharedBy && (
          <Typography.Text type="secondary">{t('card.sharedBy', { name: project.sharedBy })}</Typography.Text>
        )}
        {project.sharedWith && (
          <Tag icon={<ShareAltOutlined />} color="green">
            {t('card.sharedWith', { name: project.sharedWith.className })}
          </Tag>
        )}
        <Space wrap className="mt-project-actions">
          <Link to={projectPath(project)}>
            <Button type="primary" size="small" icon={<FolderOpenOutlined />}>
              {t('card.open')}
            </Button>
          </Link>
          {onRename && (
            <Button size="small" icon={<EditOutlined />} onClick={onRename}>
              {t('card.rename')}
            </Button>
          )}
          <Button size="small" icon={<CopyOutlined />} onClick={onDuplicate} loading={busy}>
            {project.readOnly ? t('card.duplicateToMine') : t('card.duplicate')}
          </Button>
          {onShare && (
            <Button size="small" icon={<ShareAltOutlined />} onClick={onShare}>
              {t('card.share')}
            </Button>
          )}
          {onDelete && (
            <Popconfirm title={t('card.deleteConfirm', { name: project.name })} onConfirm={onDelete}>
              <Button size="small" danger icon={<DeleteOutlined />}>
                {t('card.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Space>
    </Card>
  );
}
