/**
 * The student's projects, as a panel above the workspace: open, duplicate or delete one (last changed first).
 * A panel, not a drawer: antd's Drawer and its skeleton were 9 KB of the page's JavaScript budget.
 */
import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MakeProjectSummary } from '@ai-edu/contract';
import { ThumbnailImage } from './thumbnail-image.tsx';

export interface ProjectListTexts {
  title: string;
  close: string;
  empty: string;
  open: string;
  duplicate: string;
  delete: string;
  deleteConfirm: (name: string) => string;
  cancel: string;
  current: string;
  updated: (iso: string) => string;
}

export interface ProjectListProps {
  projects: readonly MakeProjectSummary[];
  currentId: number | null;
  texts: ProjectListTexts;
  onClose: () => void;
  onOpen: (id: number) => void;
  onDuplicate: (id: number) => void;
  onDelete: (id: number) => void;
}

export function ProjectList({
  projects,
  currentId,
  texts,
  onClose,
  onOpen,
  onDuplicate,
  onDelete,
}: ProjectListProps) {
  /** The project whose Delete was pressed: it asks once more in its own row. */
  const [confirming, setConfirming] = useState<number | null>(null);
  return (
    <section id="make-projects" className="make-projects" aria-labelledby="make-projects-title">
      <header className="make-projects-header">
        <h2 id="make-projects-title">{texts.title}</h2>
        <Button type="text" icon={<CloseOutlined />} aria-label={texts.close} onClick={onClose} />
      </header>
      {projects.length === 0 ? (
        <p className="make-empty">{texts.empty}</p>
      ) : (
        <ul className="make-project-list" aria-label={texts.title}>
          {projects.map((project) => (
            <li key={project.id} className="make-project-item">
              <ThumbnailImage src={project.thumbnail} />
              <div className="make-project-text">
                <Space>
                  <strong className="make-project-name">{project.name}</strong>
                  {project.id === currentId && <Tag color="blue">{texts.current}</Tag>}
                </Space>
                <div className="make-project-when">{texts.updated(project.updatedAt)}</div>
              </div>
              <Space size={0}>
                <Button
                  type="link"
                  aria-label={`${texts.open}: ${project.name}`}
                  onClick={() => onOpen(project.id)}
                >
                  {texts.open}
                </Button>
                <Button
                  type="link"
                  aria-label={`${texts.duplicate}: ${project.name}`}
                  onClick={() => onDuplicate(project.id)}
                >
                  {texts.duplicate}
                </Button>
                <Button
                  type="link"
                  danger
                  aria-label={`${texts.delete}: ${project.name}`}
                  onClick={() => setConfirming(project.id)}
                >
                  {texts.delete}
                </Button>
              </Space>
              {confirming === project.id && (
                <div
                  className="make-confirm"
                  role="alertdialog"
                  aria-label={texts.deleteConfirm(project.name)}
                >
                  <span>{texts.deleteConfirm(project.name)}</span>
                  <Space>
                    <Button size="small" onClick={() => setConfirming(null)}>
                      {texts.cancel}
                    </Button>
                    <Button
                      size="small"
                      danger
                      type="primary"
                      autoFocus
                      onClick={() => {
                        setConfirming(null);
                        onDelete(project.id);
                      }}
                    >
                      {texts.delete}
                    </Button>
                  </Space>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default ProjectList;
