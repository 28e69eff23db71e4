import type { Dispatch } from 'react';
import { Button, Input } from 'antd';
import { BulbOutlined, PlusOutlined } from '@ant-design/icons';
import { classColor, LIMITS } from '../meta.ts';
import { STARTERS, type StarterId } from '../starters.ts';
import { classNameProblem, freeClassName, type ProjectAction, type ProjectState } from '../project-state.ts';
import { useTexts } from '../use-texts.ts';
import { ClassCard } from './class-card.tsx';
import { PanelHeading } from './panel-heading.tsx';

/** Step 1: the project's name and its classes with their example sentences. */
export function DataPanel({
  project,
  dispatch,
  onStarter,
}: {
  project: ProjectState;
  dispatch: Dispatch<ProjectAction>;
  onStarter: (id: StarterId) => void;
}) {
  const { t } = useTexts();
  const full = project.classes.length >= LIMITS.maxClasses;
  const blank = project.classes.every((c) => c.examples.length === 0);
  return (
    <section className="tt-panel tt-data" aria-label={t('steps.data')}>
      <PanelHeading step={1} title={t('steps.data')} />
      {blank && (
        <div className="tt-quick-start">
          <p>{t('data.quickStart')}</p>
          <div>
            {STARTERS.map((s) => (
              <Button key={s.id} size="small" icon={<BulbOutlined />} onClick={() => onStarter(s.id)}>
                {t(`project.starter.${s.id}`)}
              </Button>
            ))}
          </div>
        </div>
      )}
      <Input
        className="tt-project-name"
        value={project.name}
        placeholder={t('project.namePlaceholder')}
        aria-label={t('project.nameLabel')}
        maxLength={LIMITS.maxProjectNameLength}
        onChange={(e) => dispatch({ type: 'rename', name: e.target.value })}
      />
      <div className="tt-classes">
        {project.classes.map((cls, index) => (
          <ClassCard
            key={cls.id}
            cls={cls}
            color={classColor(index)}
            nameProblem={(name) => classNameProblem(project, name, cls.id)}
            onRename={(name) => dispatch({ type: 'renameClass', id: cls.id, name })}
            onDelete={() => dispatch({ type: 'deleteClass', id: cls.id })}
            onAdd={(texts) => dispatch({ type: 'addExamples', classId: cls.id, texts })}
            onRemove={(exampleId) => dispatch({ type: 'removeExample', classId: cls.id, exampleId })}
          />
        ))}
      </div>
      <Button
        type="dashed"
        block
        size="large"
        icon={<PlusOutlined />}
        disabled={full}
        onClick={() =>
          dispatch({
            type: 'addClass',
            name: freeClassName(project, (n) => t('project.defaultClass', { n })),
          })
        }
      >
        {full ? t('data.maxClasses', { limit: LIMITS.maxClasses }) : t('data.addClass')}
      </Button>
    </section>
  );
}
