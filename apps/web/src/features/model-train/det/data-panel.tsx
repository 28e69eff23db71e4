/**
 * The Data tab: classes, adding images (photos, camera, a COCO zip), COCO export, and the labelling tool.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Space, Typography } from 'antd';
import { CameraOutlined, DownloadOutlined, FileZipOutlined, UploadOutlined } from '@ant-design/icons';
import { MODEL_TRAIN, type TrainImage, type TrainProject } from '@ai-edu/contract';
import { assignSplit } from '@ai-edu/ml/model-train/split.ts';
import { PhotoCapture } from '../../../components/camera/photo-capture.tsx';
import {
  useAddImages,
  useDeleteImages,
  useUpdateProject,
  type ImageUploadItem,
  type UploadResult,
} from '../api/index.ts';
import { QuotaBar, UploadProgress } from '../dataset/index.ts';
import { ClassPanel } from './class-panel.tsx';
import { buildCocoZip, measureImage, readCocoZip, uploadItemsOf } from './coco-zip.ts';
import type { ImportIssues } from './coco.ts';
import { Labeller } from './labeller/labeller.tsx';
import type { SaveState } from './labeller/save-queue.ts';
import { useDetTexts } from './use-texts.ts';

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

interface Report {
  type: 'success' | 'warning' | 'error';
  lines: string[];
}

export function DataPanel({
  project,
  images,
  readOnly,
  active = true,
}: {
  project: TrainProject;
  images: readonly TrainImage[];
  readOnly: boolean;
  /** Whether the Data tab is the one shown (the labelling keys work only then). */
  active?: boolean;
}) {
  const { t } = useDetTexts();
  const { message, modal } = App.useApp();
  const deleteImages = useDeleteImages(project.id);
  const addImages = useAddImages(project.id);
  const updateProject = useUpdateProject();
  const photoInput = useRef<HTMLInputElement | null>(null);
  const zipInput = useRef<HTMLInputElement | null>(null);
  const [camera, setCamera] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const [focus, setFocus] = useState<number | null>(null);
  const [uploadNames, setUploadNames] = useState<string[]>([]);
  const [boxSave, setBoxSave] = useState<SaveState | null>(null);

  const stats = useMemo(() => {
    let labelled = 0;
    let boxes = 0;
    for (const im of images) {
      if (im.boxes.length) labelled += 1;
      boxes += im.boxes.length;
    }
    return { count: images.length, labelled, boxes };
  }, [images]);

  const failureLines = useCallback(
    (result: UploadResult) =>
      result.failures.map((f) => t('data.uploadFailed', { name: f.fileName, message: f.message })),
    [t],
  );

  const upload = useCallback(
    async (items: ImageUploadItem[]) => {
      setUploadNames(items.map((item) => item.fileName));
      const result = await addImages.upload(items);
      const last = result.images[result.images.length - 1];
      if (last) setFocus(last.id);
      return result;
    },
    [addImages],
  );

  const addPhotos = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const result = await upload([...files].map((file) => ({ file, fileName: file.name, boxes: [] })));
    setReport({
      type: result.failures.length ? 'warning' : 'success',
      lines: [t('data.uploaded', { count: result.images.length }), ...failureLines(result)],
    });
  };

  const issueLines = (issues: ImportIssues): string[] => {
    const lines: string[] = [];
    if (issues.missingFiles.length) {
      lines.push(
        t('coco.missingFiles', { count: issues.missingFiles.length, example: issues.missingFiles[0] }),
      );
    }
    for (const key of [
      'unknownCategory',
      'unknownImage',
      'outsideBoxes',
      'clippedBoxes',
      'tooManyImages',
      'tooManyBoxes',
    ] as const) {
      if (issues[key]) lines.push(t(`coco.${key}`, { count: issues[key] }));
    }
    return lines;
  };

  const importZip = async (file: File | undefined) => {
    if (!file) return;
    setImporting(true);
    setReport(null);
    try {
      const room = MODEL_TRAIN.maxImagesPerProject - images.length;
      let imported;
      try {
        imported = await readCocoZip(file, project.classes, room);
      } catch (error) {
        const code = error instanceof Error ? error.message : '';
        setReport({ type: 'error', lines: [code === 'not-zip' ? t('coco.notZip') : t('coco.noCoco')] });
        return;
      }
      const { plan } = imported;
      const newClasses = plan.classes.filter((c) => !project.classes.includes(c));
      if (newClasses.length > 0) {
        await updateProject.mutateAsync({ id: project.id, classes: plan.classes });
      }
      const { items, undecodable, droppedBoxes } = await uploadItemsOf(imported, measureImage);
      const result = await upload(items);
      const boxes = result.images.reduce((n, im) => n + im.boxes.length, 0);
      const issues = { ...plan.issues, outsideBoxes: plan.issues.outsideBoxes + droppedBoxes };
      const lines = [
        t('coco.summary', { images: result.images.length, boxes }),
        ...(newClasses.length ? [t('coco.newClasses', { names: newClasses.join(', ') })] : []),
        ...imported.badJson.map((b) => t('coco.badJson', b)),
        ...issueLines(issues),
        ...(undecodable.length ? [t('coco.undecodable', { count: undecodable.length })] : []),
        ...(imported.unlisted ? [t('coco.unlisted', { count: imported.unlisted })] : []),
        ...failureLines(result),
      ];
      setReport({ type: lines.length > 1 + (newClasses.length ? 1 : 0) ? 'warning' : 'success', lines });
    } catch (error) {
      setReport({ type: 'error', lines: [error instanceof Error ? error.message : String(error)] });
    } finally {
      setImporting(false);
    }
  };

  const exportZip = async () => {
    setExporting({ done: 0, total: images.length });
    try {
      const splits = assignSplit(
        images.map((im) => ({ id: im.id, split: im.split })),
        project.splitSeed,
      );
      const blob = await buildCocoZip(
        images,
        project.classes,
        (id) => splits.get(id) ?? 'train',
        async (im) => {
          const response = await fetch(im.url);
          if (!response.ok) throw new Error(`${im.fileName}: HTTP ${response.status}`);
          return response.blob();
        },
        (done, total) => setExporting({ done, total }),
      );
      saveFile(blob, `${project.name}-coco.zip`);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div>
      <ClassPanel
        project={project}
        images={images}
        readOnly={readOnly}
        boxesUnsaved={(boxSave?.unsaved ?? 0) > 0}
      />
      {!readOnly && <QuotaBar />}
      <Space wrap style={{ margin: '12px 0' }}>
        <Typography.Text data-testid="det-stats">
          {t('data.images', { count: stats.count, labelled: stats.labelled, boxes: stats.boxes })}
        </Typography.Text>
        {!readOnly && (
          <>
            <Button
              icon={<UploadOutlined />}
              onClick={() => photoInput.current?.click()}
              disabled={addImages.running}
            >
              {t('data.upload')}
            </Button>
            <input
              ref={photoInput}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              hidden
              data-testid="det-photo-input"
              onChange={(e) => {
                void addPhotos(e.target.files);
                e.target.value = '';
              }}
            />
            <Button icon={<CameraOutlined />} onClick={() => setCamera(true)} disabled={addImages.running}>
              {t('data.camera')}
            </Button>
            <Button
              icon={<FileZipOutlined />}
              onClick={() => zipInput.current?.click()}
              loading={importing}
              disabled={addImages.running}
              title={t('coco.help')}
            >
              {t('coco.import')}
            </Button>
            <input
              ref={zipInput}
              type="file"
              accept=".zip,application/zip"
              hidden
              data-testid="det-coco-input"
              onChange={(e) => {
                void importZip(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </>
        )}
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void exportZip()}
          loading={exporting !== null}
          disabled={images.length === 0}
        >
          {exporting ? t('coco.exporting', exporting) : t('coco.export')}
        </Button>
      </Space>
      <UploadProgress
        states={addImages.states}
        fileNames={uploadNames}
        running={addImages.running}
        onCancel={addImages.cancel}
      />
      {report && (
        <Alert
          type={report.type}
          showIcon
          closable
          onClose={() => setReport(null)}
          data-testid="det-import-report"
          style={{ marginBottom: 12 }}
          title={report.lines[0]}
          description={
            report.lines.length > 1 ? (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {report.lines.slice(1).map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      <Labeller
        active={active}
        onSaveState={setBoxSave}
        project={project}
        images={images}
        readOnly={readOnly}
        focusImageId={focus}
        onDeleteImage={(image) =>
          modal.confirm({
            title: t('data.deleteImageConfirm'),
            okButtonProps: { danger: true },
            onOk: () => deleteImages.mutateAsync([image.id]),
          })
        }
      />
      <Modal
        open={camera}
        footer={null}
        onCancel={() => setCamera(false)}
        destroyOnHidden
        title={t('data.camera')}
      >
        {camera && (
          <PhotoCapture
            takeLabel={t('data.capture')}
            closeLabel={t('data.closeCamera')}
            onClose={() => setCamera(false)}
            onUpload={(file) => void addPhotos([file] as unknown as FileList)}
            onPhoto={async (canvas) => {
              const blob = await canvasToJpeg(canvas);
              if (!blob) return;
              await upload([{ file: blob, fileName: `camera-${Date.now()}.jpg`, boxes: [] }]);
            }}
          />
        )}
      </Modal>
    </div>
  );
}
