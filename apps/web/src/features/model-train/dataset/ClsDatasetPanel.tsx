/**
 * The classification dataset: classes (add, rename, delete), each class's pictures (paged thumbnails with
 * their split), adding pictures by upload, camera or a dropped folder / .zip in the ImageNet layout, a seeded
 * split, and the storage quota. A read-only (shared) project shows the same without the editing.
 */
import {
  Button,
  Card,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import {
  CameraOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  ScissorOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { MODEL_TRAIN, type TrainImage, type TrainProject, type TrainSplit } from '@ai-edu/contract';
import { PhotoCapture } from '../../../components/camera/photo-capture.tsx';
import { useFeatureTranslation } from '../../../lib/lab-i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddImages, useDeleteImages, useUpdateImages, useUpdateProject } from '../api/hooks.ts';
import type { ImageUploadItem } from '../api/uploader.ts';
import { ImportDropZone } from './ImportDropZone.tsx';
import { QuotaBar } from './QuotaBar.tsx';
import { splitCounts, splitUpdates } from './split-plan.ts';
import { ThumbGrid } from './ThumbGrid.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { texts } from './i18n.ts';

export interface ClsDatasetPanelProps {
  project: TrainProject;
  images: readonly TrainImage[];
  readOnly?: boolean;
}

const SPLIT_COLOURS: Record<TrainSplit, string> = { train: 'blue', val: 'gold', test: 'purple' };
const useT = () => useFeatureTranslation('model-train-dataset', texts);

export function SplitTag({ split }: { split: TrainSplit | null }) {
  const { t } = useT();
  return split ? (
    <Tag color={SPLIT_COLOURS[split]} className="mt-split-tag" data-split={split}>
      {t(`split.${split}`)}
    </Tag>
  ) : null;
}

export function ClsDatasetPanel({ project, images, readOnly = project.readOnly }: ClsDatasetPanelProps) {
  const { t } = useT();
  const add = useAddImages(project.id);
  const updateProject = useUpdateProject();
  const updateImages = useUpdateImages(project.id);
  const deleteImages = useDeleteImages(project.id);
  const [fileNames, setFileNames] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [newClass, setNewClass] = useState('');
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const [camera, setCamera] = useState<string | null>(null);
  const [photos, setPhotos] = useState(0);

  const byClass = useMemo(() => {
    const groups = new Map<string | null, TrainImage[]>();
    for (const image of images) {
      const key = image.label !== null && project.classes.includes(image.label) ? image.label : null;
      const list = groups.get(key);
      if (list) list.push(image);
      else groups.set(key, [image]);
    }
    return groups;
  }, [images, project.classes]);
  const counts = splitCounts(images.filter((i) => i.label !== null));

  const upload = async (items: ImageUploadItem[]) => {
    if (items.length === 0) return;
    setFileNames(items.map((i) => i.fileName));
    await add.upload(items);
  };

  const setClasses = (classes: string[]) =>
    updateProject.mutateAsync({ id: project.id, classes }).then(
      () => true,
      () => false,
    );

  const addClass = async () => {
    const name = newClass.trim();
    if (!name) return;
    if (project.classes.some((c) => c.toLowerCase() === name.toLowerCase())) {
      toast(t('classExists'));
      return;
    }
    if (project.classes.length >= MODEL_TRAIN.maxClasses) {
      toast(t('tooManyClasses', { max: MODEL_TRAIN.maxClasses }));
      return;
    }
    if (await setClasses([...project.classes, name])) setNewClass('');
  };

  /** Renaming moves the pictures: the new name is added, the pictures relabelled, then the old name removed. */
  const renameClass = async (from: string, to: string) => {
    const name = to.trim();
    if (!name || name === from) return setRenaming(null);
    if (project.classes.some((c) => c !== from && c.toLowerCase() === name.toLowerCase())) {
      toast(t('classExists'));
      return;
    }
    const members = byClass.get(from) ?? [];
    if (members.length > 0) {
      if (!(await setClasses([...project.classes, name]))) return;
      const moved = await updateImages.mutateAsync(members.map((i) => ({ id: i.id, label: name }))).then(
        () => true,
        () => false,
      );
      if (!moved) return;
    }
    if (await setClasses(project.classes.map((c) => (c === from ? name : c)))) setRenaming(null);
  };

  const deleteClass = async (name: string) => {
    const members = byClass.get(name) ?? [];
    if (members.length > 0) {
      const cleared = await updateImages.mutateAsync(members.map((i) => ({ id: i.id, label: null }))).then(
        () => true,
        () => false,
      );
      if (!cleared) return;
    }
    await setClasses(project.classes.filter((c) => c !== name));
  };

  const makeSplit = async () => {
    const updates = splitUpdates(images, project.splitSeed);
    if (updates.length > 0) {
      const ok = await updateImages.mutateAsync(updates).then(
        () => true,
        () => false,
      );
      if (!ok) return;
    }
    toast(t('split.done'), 'success');
  };

  const toggle = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectedIds = [...selected].filter((id) => images.some((i) => i.id === id));

  const onPhoto = (canvas: HTMLCanvasElement) => {
    const label = camera;
    canvas.toBlob(
      (blob) => {
        if (!blob || !label) return;
        setPhotos((n) => n + 1);
        void upload([{ file: blob, fileName: `camera-${Date.now()}.jpg`, label }]);
      },
      'image/jpeg',
      0.9,
    );
  };

  const classCard = (name: string | null) => {
    const members = byClass.get(name) ?? [];
    if (name === null && members.length === 0) return null;
    return (
      <Card
        key={name ?? '\u0000unsorted'}
        size="small"
        className="mt-class-card"
        data-class={name ?? ''}
        title={
          <Space>
            <span className="mt-class-name">{name ?? t('unsorted')}</span>
            <Typography.Text type="secondary">{t('imageCount', { count: members.length })}</Typography.Text>
          </Space>
        }
        extra={
          !readOnly &&
          name !== null && (
            <Space wrap>
              <Upload
                multiple
                accept="image/jpeg,image/png,image/webp"
                showUploadList={false}
                beforeUpload={(file, list) => {
                  // Called once per file: the whole choice is sent when its last file comes by.
                  if (file === list.at(-1)) {
                    void upload(list.map((f) => ({ file: f, fileName: f.name, label: name })));
                  }
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button size="small" icon={<UploadOutlined />} aria-label={`${t('upload')} ${name}`}>
                  {t('upload')}
                </Button>
              </Upload>
              <Button
                size="small"
                icon={<CameraOutlined />}
                onClick={() => {
                  setPhotos(0);
                  setCamera(name);
                }}
              >
                {t('camera')}
              </Button>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setRenaming({ from: name, to: name })}
              >
                {t('rename')}
              </Button>
              <Popconfirm title={t('deleteClassConfirm', { name })} onConfirm={() => void deleteClass(name)}>
                <Button size="small" danger icon={<DeleteOutlined />}>
                  {t('delete')}
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        <ThumbGrid
          images={members}
          selected={selected}
          onToggle={readOnly ? undefined : toggle}
          badge={(image) => <SplitTag split={image.split} />}
        />
      </Card>
    );
  };

  return (
    <div className="mt-dataset" data-image-count={images.length}>
      <QuotaBar />
      {readOnly && <Typography.Paragraph type="secondary">{t('readOnly')}</Typography.Paragraph>}
      {!readOnly && (
        <Space wrap align="start" className="mt-dataset-tools">
          <Space.Compact>
            <Input
              placeholder={t('newClassName')}
              aria-label={t('newClassName')}
              value={newClass}
              maxLength={MODEL_TRAIN.classNameMax}
              onChange={(e) => setNewClass(e.target.value)}
              onPressEnter={() => void addClass()}
            />
            <Button icon={<PlusOutlined />} onClick={() => void addClass()} loading={updateProject.isPending}>
              {t('addClass')}
            </Button>
          </Space.Compact>
          <Space>
            <Button
              icon={<ScissorOutlined />}
              onClick={() => void makeSplit()}
              loading={updateImages.isPending}
            >
              {t('split.make')}
            </Button>
            <Tooltip title={t('split.help')}>
              <QuestionCircleOutlined aria-label={t('split.help')} />
            </Tooltip>
            <Typography.Text type="secondary" className="mt-split-counts">
              {t('split.counts', counts)}
              {counts.none > 0 && ` · ${t('split.unassigned', { count: counts.none })}`}
            </Typography.Text>
          </Space>
        </Space>
      )}
      {readOnly && (
        <Typography.Text type="secondary" className="mt-split-counts">
          {t('split.counts', counts)}
        </Typography.Text>
      )}
      {!readOnly && (
        <ImportDropZone
          project={project}
          onItems={(items) => upload(items)}
          setClasses={setClasses}
          disabled={add.running}
        />
      )}
      <UploadProgress states={add.states} fileNames={fileNames} running={add.running} onCancel={add.cancel} />
      {!readOnly && selectedIds.length > 0 && (
        <Space wrap className="mt-selection-tools">
          <Select
            placeholder={t('moveTo')}
            style={{ minWidth: 200 }}
            value={null}
            options={project.classes.map((c) => ({ value: c, label: c }))}
            onChange={(label: string) =>
              void updateImages.mutateAsync(selectedIds.map((id) => ({ id, label }))).then(
                () => setSelected(new Set()),
                () => undefined,
              )
            }
          />
          <Popconfirm
            title={t('deleteSelectedConfirm', { count: selectedIds.length })}
            onConfirm={() =>
              void deleteImages.mutateAsync(selectedIds).then(
                () => setSelected(new Set()),
                () => undefined,
              )
            }
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('deleteSelected', { count: selectedIds.length })}
            </Button>
          </Popconfirm>
          <Button onClick={() => setSelected(new Set())}>{t('selectNone')}</Button>
        </Space>
      )}
      <div className="mt-class-list">
        {project.classes.map((name) => classCard(name))}
        {classCard(null)}
      </div>

      <Modal
        open={renaming !== null}
        title={renaming ? t('renameTitle', { name: renaming.from }) : ''}
        onOk={() => renaming && void renameClass(renaming.from, renaming.to)}
        onCancel={() => setRenaming(null)}
        confirmLoading={updateProject.isPending || updateImages.isPending}
        destroyOnHidden
      >
        <Input
          aria-label={t('newClassName')}
          value={renaming?.to ?? ''}
          maxLength={MODEL_TRAIN.classNameMax}
          onChange={(e) => setRenaming((r) => (r ? { ...r, to: e.target.value } : r))}
        />
      </Modal>
      <Modal
        open={camera !== null}
        title={camera ? `${t('camera')}: ${camera}` : ''}
        onCancel={() => setCamera(null)}
        footer={null}
        destroyOnHidden
      >
        {camera && (
          <>
            <PhotoCapture
              onPhoto={onPhoto}
              onUpload={(file) => void upload([{ file, fileName: file.name, label: camera }])}
              onClose={() => setCamera(null)}
              takeLabel={t('takePhoto')}
              closeLabel={t('close')}
            />
            {photos > 0 && (
              <Typography.Text type="secondary">{t('photosTaken', { count: photos })}</Typography.Text>
            )}
          </>
        )}
      </Modal>
    </div>
  );
}
