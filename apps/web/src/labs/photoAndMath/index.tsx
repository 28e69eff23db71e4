import { useEffect, useState } from 'react';
import { Alert, Button, Card, Segmented, Space, Spin, Statistic, Typography } from 'antd';
import { CameraOutlined, EditOutlined, FileTextOutlined } from '@ant-design/icons';
import { DownloadProgress } from '../../components/download-progress.tsx';
import { ImageUploadButton, readImageFile } from '../../components/camera/image-upload.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { LineList } from './components/line-list.tsx';
import { MarkedPhoto } from './components/marked-photo.tsx';
import { MODEL_URL, SLUG } from './meta.ts';
import type { ReadMode } from './read-page.ts';
import { handwrittenSheet, printedSheet } from './sample-sheets.ts';
import { usePageReader } from './use-page-reader.ts';
import { formatPercent, useTexts } from './use-texts.ts';
import './photo-and-math.css';
import { PhotoCapture } from '../../components/camera/photo-capture.tsx';

/** Draws an uploaded image onto a canvas (at most 2000 px wide: enough for any page, quick to read). */
function toCanvas(image: HTMLImageElement): HTMLCanvasElement {
  const scale = Math.min(1, 2000 / image.naturalWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.naturalWidth * scale);
  canvas.height = Math.round(image.naturalHeight * scale);
  canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The handwriting network's held-out accuracy, from its model.json (shown in "how it works"). */
function useModelAccuracy(enabled: boolean): { accuracy: number; count: number } | null {
  const [value, setValue] = useState<{ accuracy: number; count: number } | null>(null);
  useEffect(() => {
    if (!enabled || value) return;
    fetch(MODEL_URL)
      .then(
        (r) =>
          r.json() as Promise<{ userDefinedMetadata?: { heldOutAccuracy?: number; heldOutCount?: number } }>,
      )
      .then((json) => {
        const meta = json.userDefinedMetadata;
        if (meta?.heldOutAccuracy && meta.heldOutCount)
          setValue({ accuracy: meta.heldOutAccuracy, count: meta.heldOutCount });
      })
      .catch(() => undefined);
  }, [enabled, value]);
  return value;
}

/**
 * Homework checking: photograph a page of sums; each line is found, read (OCR for print, our own symbol
 * network for handwriting), computed exactly and marked ✓ or ✗ on the photo. Every line can be corrected
 * and is marked again; unsure readings are orange so a misread is never silently marked wrong.
 */
export default function PhotoAndMathLab() {
  const { t, lang } = useTexts();
  const reader = usePageReader();
  const [camera, setCamera] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sampleLoading, setSampleLoading] = useState(false);
  const accuracy = useModelAccuracy(reader.mode === 'handwritten' && reader.status === 'done');

  const choosePage = (canvas: HTMLCanvasElement, mode?: ReadMode) => {
    setFileError(null);
    setCamera(false);
    reader.setPage(canvas, mode);
  };

  const onFile = (file: File) => {
    readImageFile(file).then(
      (image) => choosePage(toCanvas(image)),
      (error: unknown) => setFileError(error instanceof Error ? error.message : String(error)),
    );
  };

  const loadHandwrittenSample = () => {
    setSampleLoading(true);
    handwrittenSheet()
      .then(({ canvas }) => choosePage(canvas, 'handwritten'))
      .catch((error: unknown) => setFileError(error instanceof Error ? error.message : String(error)))
      .finally(() => setSampleLoading(false));
  };

  const busy = reader.status === 'loading' || reader.status === 'reading';
  const { right, wrong, unreadable } = reader.summary;
  const anyUnsure = reader.marked.some((line) => line.unsure);

  return (
    <LabFrame slug={SLUG} tip={t('tip')} className="pm-lab">
      <Space direction="vertical" size="large" className="pm-stack">
        <Card title={t('source.title')}>
          <Space direction="vertical" size="middle" className="pm-stack">
            <Space wrap>
              <ImageUploadButton type="primary" label={t('source.upload')} onFile={onFile} disabled={busy} />
              <Button icon={<CameraOutlined />} onClick={() => setCamera(true)} disabled={busy || camera}>
                {t('source.camera')}
              </Button>
              <Button
                icon={<FileTextOutlined />}
                onClick={() => choosePage(printedSheet(), 'printed')}
                disabled={busy}
              >
                {t('source.samplePrinted')}
              </Button>
              <Button
                icon={<EditOutlined />}
                onClick={loadHandwrittenSample}
                loading={sampleLoading}
                disabled={busy}
              >
                {t('source.sampleHandwritten')}
              </Button>
            </Space>
            <Space wrap align="center">
              <Typography.Text>{t('mode.label')}</Typography.Text>
              <Segmented<ReadMode>
                value={reader.mode}
                onChange={reader.setMode}
                disabled={busy}
                options={[
                  { value: 'printed', label: t('mode.printed') },
                  { value: 'handwritten', label: t('mode.handwritten') },
                ]}
              />
            </Space>
            <Typography.Text type="secondary">{t('mode.explain')}</Typography.Text>
            {fileError && <Alert type="error" showIcon message={fileError} data-testid="file-error" />}
            {camera && (
              <PhotoCapture
                takeLabel={t('source.takePhoto')}
                closeLabel={t('source.cancelCamera')}
                onPhoto={(canvas) => choosePage(canvas)}
                onUpload={(file) => {
                  setCamera(false);
                  onFile(file);
                }}
                onClose={() => setCamera(false)}
              />
            )}
          </Space>
        </Card>

        {busy && (
          <div className="pm-busy">
            <Spin />
            <span>
              {reader.status === 'reading'
                ? t('status.reading')
                : t(reader.mode === 'printed' ? 'status.loadingOcr' : 'status.loadingModel')}
            </span>
            <DownloadProgress source={reader.downloads} />
          </div>
        )}
        {reader.status === 'error' && (
          <Alert type="error" showIcon message={t('status.failed', { error: reader.error ?? '' })} />
        )}

        {reader.status === 'done' && reader.page && (
          <Card title={t('summary.title')}>
            {reader.marked.length === 0 ? (
              <Alert type="warning" showIcon message={t('status.noLines')} />
            ) : (
              <Space direction="vertical" size="middle" className="pm-stack">
                <Space size="large" wrap data-testid="math-summary" data-right={right} data-wrong={wrong}>
                  <Statistic value={t('summary.score', { right, total: right + wrong + unreadable })} />
                  {unreadable > 0 && (
                    <Typography.Text type="warning">
                      {t('summary.unreadable', { count: unreadable })}
                    </Typography.Text>
                  )}
                </Space>
                {anyUnsure && <Alert type="warning" showIcon message={t('summary.unsure')} />}
                <div className="pm-photo-wrap">
                  <MarkedPhoto page={reader.page} lines={reader.marked} alt={t('source.photoAlt')} />
                </div>
              </Space>
            )}
          </Card>
        )}

        {reader.status === 'done' && reader.marked.length > 0 && (
          <Card title={t('lines.title')}>
            <Typography.Paragraph type="secondary">{t('lines.hint')}</Typography.Paragraph>
            <LineList lines={reader.marked} edits={reader.edits} onEdit={reader.edit} />
          </Card>
        )}

        {reader.status === 'done' && reader.marked.length > 0 && (
          <HowItWorks
            lines={reader.marked}
            mode={reader.mode}
            accuracy={
              accuracy &&
              t('how.accuracy', { percent: formatPercent(accuracy.accuracy, lang), count: accuracy.count })
            }
          />
        )}
      </Space>
    </LabFrame>
  );
}
