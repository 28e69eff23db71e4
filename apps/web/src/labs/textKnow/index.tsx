/**
 * Text recognition (textKnow): a photo, upload, pasted picture or sample is read in the browser by the
 * PaddleOCR models (src/lib/ocr); the page shows a box around every line and word coloured by confidence,
 * the text to correct, copy or download, a crop tool and rotation, and how the engine did it on this picture.
 */
import { useCallback, useState } from 'react';
import { Alert, Button, Card, Progress, Space, Typography } from 'antd';
import { CameraOutlined, RotateRightOutlined, ScissorOutlined, UndoOutlined } from '@ant-design/icons';
import { ImageFileError, ImageUploadButton } from '../../components/camera/image-upload.tsx';
import { DownloadProgress } from '../../components/download-progress.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { usePastedFile } from '../../lib/use-pasted-file.ts';
import type { OcrResult } from '../../lib/ocr/index.ts';
import { CloudHandwritingPanel } from './cloud-handwriting.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { LineEditor } from './components/line-editor.tsx';
import { ResultView } from './components/result-view.tsx';
import {
  cropPicture,
  pictureBlob,
  pictureFromFile,
  rotateQuarter,
  toWorkingCanvas,
  type Region,
} from './picture.ts';
import { drawSample, SAMPLE_IDS } from './samples.ts';
import { useOcr, type StageProgress } from './use-ocr.ts';
import { SLUG, useTexts } from './use-texts.ts';
import './text-know.css';
import { PhotoCapture } from '../../components/camera/photo-capture.tsx';

/** The stage bar: finding text is the first fifth, the angle check the next tenth, reading the rest. */
function stagePercent({ stage, done, total }: StageProgress): number {
  const share = total > 0 ? done / total : 0;
  if (stage === 'detect') return Math.round(20 * share);
  if (stage === 'classify') return Math.round(20 + 10 * share);
  return Math.round(30 + 70 * share);
}

export default function TextKnowLab() {
  const { t, lang } = useTexts();
  const ocr = useOcr();
  const { read, result } = ocr;
  /** The whole picture (after any rotation); the crop tool reads a part of it. */
  const [whole, setWhole] = useState<HTMLCanvasElement | null>(null);
  const [cropped, setCropped] = useState(false);
  const [cropping, setCropping] = useState(false);
  const [cropRegion, setCropRegion] = useState<Region | undefined>();
  const [inputError, setInputError] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  /** The user's corrections, for the result they were made on. */
  const [edits, setEdits] = useState<{ result: OcrResult; lines: string[] } | null>(null);
  /** Text the cloud reader sent back: it replaces the lines (it has no boxes). */
  const [cloudLines, setCloudLines] = useState<string[] | null>(null);

  const start = useCallback(
    (picture: HTMLCanvasElement, isWhole = true) => {
      if (isWhole) setWhole(picture);
      setCropped(!isWhole);
      setCropping(false);
      setCropRegion(undefined);
      setSelected(null);
      setInputError(null);
      setCloudLines(null);
      void read(picture);
    },
    [read],
  );

  const onFile = useCallback(
    (file: File) => {
      pictureFromFile(file, lang).then(
        (picture) => start(picture),
        (problem: unknown) =>
          setInputError(problem instanceof ImageFileError ? problem.message : String(problem)),
      );
    },
    [lang, start],
  );

  // Paste a picture anywhere on the page.
  usePastedFile(onFile);

  const shown = ocr.picture ?? whole;
  const lines =
    cloudLines ?? (result ? (edits?.result === result ? edits.lines : result.lines.map((l) => l.text)) : []);
  const confidences = result && !cloudLines ? lines.map((_, i) => result.lines[i]?.confidence) : [];

  return (
    <LabFrame slug={SLUG} tip={t('tip')} className="tk-lab">
      <Alert type="info" showIcon message={t('privacy')} className="tk-privacy" />
      {ocr.engine === 'error' && (
        <Alert
          type="error"
          showIcon
          message={t('errors.loadFailed')}
          action={<Button onClick={ocr.retryLoad}>{t('retry')}</Button>}
        />
      )}
      {ocr.engine === 'loading' && (
        <div className="tk-loading" role="status">
          <span>{t('loading')}</span>
          <DownloadProgress source={ocr.downloads} />
        </div>
      )}

      <Card title={t('input.title')} className="tk-input">
        <Space wrap>
          <ImageUploadButton type="primary" label={t('input.upload')} onFile={onFile} />
          <Button icon={<CameraOutlined />} onClick={() => setCamera(true)} disabled={camera}>
            {t('input.camera')}
          </Button>
          <span className="tk-gallery-label">{t('input.gallery')}:</span>
          {SAMPLE_IDS.map((id) => (
            <Button key={id} onClick={() => start(toWorkingCanvas(drawSample(id)))}>
              {t(`input.samples.${id}`)}
            </Button>
          ))}
        </Space>
        <Typography.Paragraph type="secondary" className="tk-paste">
          {t('input.paste')}
        </Typography.Paragraph>
        {camera && (
          <PhotoCapture
            takeLabel={t('input.capture')}
            closeLabel={t('input.closeCamera')}
            onUpload={(file) => {
              setCamera(false);
              onFile(file);
            }}
            onClose={() => setCamera(false)}
            onPhoto={(photo) => {
              setCamera(false);
              start(toWorkingCanvas(photo));
            }}
          />
        )}
        {inputError && <Alert type="error" showIcon message={inputError} data-testid="ocr-input-error" />}
      </Card>

      {shown && (
        <div className="tk-result">
          <Card
            title={t('input.chosen')}
            className="tk-result-picture"
            extra={
              <Space wrap>
                <Button
                  icon={<RotateRightOutlined />}
                  disabled={ocr.busy || !whole}
                  onClick={() => whole && start(rotateQuarter(whole))}
                >
                  {t('input.rotate')}
                </Button>
                {cropped ? (
                  <Button icon={<UndoOutlined />} disabled={ocr.busy} onClick={() => whole && start(whole)}>
                    {t('input.whole')}
                  </Button>
                ) : (
                  <Button
                    icon={<ScissorOutlined />}
                    disabled={ocr.busy}
                    type={cropping ? 'primary' : 'default'}
                    onClick={() => {
                      setCropping(!cropping);
                      setCropRegion(undefined);
                    }}
                  >
                    {t('input.crop')}
                  </Button>
                )}
              </Space>
            }
          >
            {cropping && (
              <Space className="tk-crop-bar" wrap>
                <Typography.Text>{t('input.cropHint')}</Typography.Text>
                <Button
                  type="primary"
                  disabled={!cropRegion}
                  onClick={() => whole && cropRegion && start(cropPicture(whole, cropRegion), false)}
                >
                  {t('input.cropApply')}
                </Button>
                <Button onClick={() => setCropping(false)}>{t('input.cropCancel')}</Button>
              </Space>
            )}
            <ResultView
              picture={cropping && whole ? whole : shown}
              result={cropping ? null : result}
              selected={selected}
              onSelect={setSelected}
              cropping={cropping}
              onCropRegion={setCropRegion}
            />
            <div className="tk-legend" aria-label={t('result.legend')}>
              <span>{t('result.legend')}:</span>
              <span className="tk-legend-sure">{t('result.sure')}</span>
              <span className="tk-legend-unsure">{t('result.unsure')}</span>
              <span className="tk-legend-guess">{t('result.guess')}</span>
            </div>
          </Card>

          <Card
            title={t('result.title')}
            className="tk-result-text"
            data-testid="ocr-result"
            data-readings={ocr.readings}
            data-millis={
              result
                ? Math.round(result.millis.detect + result.millis.classify + result.millis.recognise)
                : undefined
            }
          >
            {ocr.stage && (
              <div className="tk-stage" role="status" data-testid="ocr-stage">
                <span>
                  {t(`stages.${ocr.stage.stage}`, {
                    done: Math.min(ocr.stage.done + 1, ocr.stage.total),
                    total: ocr.stage.total,
                  })}
                </span>
                <Progress percent={stagePercent(ocr.stage)} status="active" size="small" />
              </div>
            )}
            {ocr.error && (
              <Alert type="error" showIcon message={t('errors.failed', { message: ocr.error })} />
            )}
            {result && result.lines.length === 0 && !cloudLines && (
              <Alert
                type="warning"
                showIcon
                message={t('errors.noText')}
                description={t('errors.noTextHint')}
                data-testid="ocr-no-text"
              />
            )}
            {result && result.lines.length > 0 && !cloudLines && (
              <Typography.Text type="secondary" data-testid="ocr-summary">
                {t('result.lines', {
                  count: result.lines.length,
                  seconds: (
                    (result.millis.detect + result.millis.classify + result.millis.recognise) /
                    1000
                  ).toFixed(1),
                })}
              </Typography.Text>
            )}
            {lines.length > 0 && (
              <LineEditor
                lines={lines}
                confidences={confidences}
                selected={cloudLines ? null : selected}
                onSelect={setSelected}
                onChange={(next) =>
                  cloudLines ? setCloudLines(next) : result && setEdits({ result, lines: next })
                }
              />
            )}
          </Card>
        </div>
      )}

      {/* Optional: a bigger model in the cloud for messy handwriting; only this sends the picture anywhere. */}
      <CloudHandwritingPanel
        getImage={() => (shown ? pictureBlob(shown) : Promise.resolve(undefined))}
        onText={(text) => setCloudLines(text.split(/\r?\n/))}
      />

      <HowItWorks picture={ocr.picture} result={result} />
    </LabFrame>
  );
}
