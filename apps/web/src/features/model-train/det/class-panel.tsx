/**
 * The detection classes: add, rename (boxes follow), delete (asks first when boxes use the class).
 * Boxes are changed before the class list so no box ever names a class the project lacks.
 */
import { useMemo, useState } from 'react';
import { App, Button, Input, Modal, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MODEL_TRAIN, type TrainImage, type TrainProject } from '@ai-edu/contract';
import { useUpdateImages, useUpdateProject } from '../api/index.ts';
import {
  boxCounts,
  classNameProblem,
  deleteClass,
  renameClass,
  type ClassNameProblem,
} from './class-edits.ts';
import { classColor } from './draw.ts';
import { useDetTexts } from './use-texts.ts';

export function ClassPanel({
  project,
  images,
  readOnly,
  boxesUnsaved = false,
}: {
  project: TrainProject;
  images: readonly TrainImage[];
  readOnly: boolean;
  /** The labelling tool has box edits the server lacks: renaming/deleting waits (it rewrites boxes). */
  boxesUnsaved?: boolean;
}) {
  const { t } = useDetTexts();
  const { modal } = App.useApp();
  const updateProject = useUpdateProject();
  const updateImages = useUpdateImages(project.id);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const counts = useMemo(() => boxCounts(images), [images]);
  const busy = updateProject.isPending || updateImages.isPending;

  const problemText = (problem: ClassNameProblem) =>
    problem === 'invalid'
      ? t('classes.invalid')
      : problem === 'duplicate'
        ? t('classes.duplicate')
        : problem === 'tooMany'
          ? t('classes.tooMany', { max: MODEL_TRAIN.maxClasses })
          : null;

  const addProblem = name.trim() ? classNameProblem(name, project.classes) : null;
  const add = async () => {
    if (!name.trim() || addProblem) return;
    await updateProject.mutateAsync({ id: project.id, classes: [...project.classes, name.trim()] });
    setName('');
  };

  const apply = async (edit: {
    classes: string[];
    updates: { id: number; boxes: TrainImage['boxes'] }[];
  }) => {
    // Rename: the new name must exist before boxes use it; delete: boxes go before the class.
    const renamingFirst = edit.classes.length === project.classes.length;
    if (renamingFirst) await updateProject.mutateAsync({ id: project.id, classes: edit.classes });
    if (edit.updates.length > 0) await updateImages.mutateAsync(edit.updates);
    if (!renamingFirst) await updateProject.mutateAsync({ id: project.id, classes: edit.classes });
  };

  const renameProblem = renaming ? classNameProblem(renaming.to, project.classes, renaming.from) : null;

  const remove = (className: string) => {
    const count = counts.get(className) ?? 0;
    modal.confirm({
      title: count
        ? t('classes.deleteConfirm', { name: className, count })
        : t('classes.deleteEmpty', { name: className }),
      okButtonProps: { danger: true },
      onOk: () => apply(deleteClass(images, project.classes, className)),
    });
  };

  return (
    <div data-testid="det-classes">
      <Typography.Text strong>{t('classes.title')}</Typography.Text>{' '}
      <Typography.Text type="secondary">{t('classes.help')}</Typography.Text>
      <div style={{ margin: '8px 0' }}>
        <Space wrap>
          {project.classes.map((c, i) => (
            <Tag key={c} color={classColor(i)} style={{ fontSize: 14, padding: '2px 8px' }}>
              {i < 9 ? `${i + 1} ` : ''}
              {c} ({counts.get(c) ?? 0})
              {!readOnly && (
                <>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('classes.rename')} ${c}`}
                    disabled={boxesUnsaved || busy}
                    onClick={() => setRenaming({ from: c, to: c })}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={`${t('classes.delete')} ${c}`}
                    disabled={boxesUnsaved || busy}
                    onClick={() => remove(c)}
                  />
                </>
              )}
            </Tag>
          ))}
        </Space>
      </div>
      {!readOnly && (
        <Space.Compact style={{ maxWidth: 360 }}>
          <Input
            value={name}
            placeholder={t('classes.placeholder')}
            maxLength={MODEL_TRAIN.classNameMax}
            status={addProblem ? 'error' : undefined}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => void add()}
            aria-label={t('classes.placeholder')}
          />
          <Button
            icon={<PlusOutlined />}
            onClick={() => void add()}
            disabled={!name.trim() || !!addProblem}
            loading={busy}
          >
            {t('classes.add')}
          </Button>
        </Space.Compact>
      )}
      {addProblem && (
        <div>
          <Typography.Text type="danger">{problemText(addProblem)}</Typography.Text>
        </div>
      )}
      <Modal
        open={renaming !== null}
        title={t('classes.rename')}
        onCancel={() => setRenaming(null)}
        okButtonProps={{ disabled: !!renameProblem || !renaming?.to.trim(), loading: busy }}
        onOk={async () => {
          if (!renaming || renameProblem) return;
          if (renaming.to.trim() !== renaming.from) {
            await apply(renameClass(images, project.classes, renaming.from, renaming.to));
          }
          setRenaming(null);
        }}
      >
        <Input
          value={renaming?.to ?? ''}
          maxLength={MODEL_TRAIN.classNameMax}
          status={renameProblem ? 'error' : undefined}
          onChange={(e) => setRenaming((r) => (r ? { ...r, to: e.target.value } : r))}
        />
        {renameProblem && <Typography.Text type="danger">{problemText(renameProblem)}</Typography.Text>}
      </Modal>
    </div>
  );
}
