/**
 * Photo repair and enhancement (imageFix). A photo (upload, camera, pasted, or the built-in old photo our own
 * code draws and damages) is repaired and enhanced in the browser: damage is marked by brush or found by the
 * scratch finder and filled by OpenCV's inpainting; contrast (CLAHE), colour balance, denoising and sharpening
 * each have a strength; a neural network enlarges it 2× or 4×, in tiles. Before/after slider, zoom, PNG
 * download, and optional paid cloud tools. Every step can be undone.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Space, Tabs, Tag, Typography } from 'antd';
import { CameraOutlined, EditOutlined, RollbackOutlined, UndoOutlined } from '@ant-design/icons';
import type { ImageFixCloudCall } from '@ai-edu/contract';
import { balanceColours, stretchLevels } from '@ai-edu/ml/image-fix/colour-balance.ts';
import { meanAbsDifference } from '@ai-edu/ml/image-fix/difference.ts';
import { maskCount } from '@ai-edu/ml/image-fix/image.ts';
import { growMask, topHatResponse } from '@ai-edu/ml/image-fix/scratch-mask.ts';
import { ImageFileError, ImageUploadButton } from '../../components/camera/image-upload.tsx';
import { PhotoCapture } from '../../components/camera/photo-capture.tsx';
import { DownloadProgress } from '../../components/download-progress.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { usePastedFile } from '../../lib/use-pasted-file.ts';
import type { DownloadTracker } from '../../lib/download-progress.ts';
import { CanvasView } from './components/canvas-view.tsx';
import { CloudPanel } from './components/cloud-panel.tsx';
import { CompareView } from './components/compare-view.tsx';
import { DEFAULT_ENHANCE, EnhancePanel, type EnhanceChoice } from './components/enhance-panel.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { MaskEditor } from './components/mask-editor.tsx';
import { RepairPanel, thresholdOf, type RepairSettings } from './components/repair-panel.tsx';
import { UpscalePanel } from './components/upscale-panel.tsx';
import { deviceCanUpscale4, fitInside, tooLargeFor } from './limits.ts';
import type { InpaintMethod } from './opencv-protocol.ts';
import {
  canvasOf,
  canvasToImage,
  copyCanvas,
  imageToCanvas,
  pictureFromFile,
  plainEnlarge,
  shrink,
} from './picture.ts';
import { makeOldPhoto, makeTinyPhoto, type OldPhotoSample } from './sample.ts';
import { currentPicture, pushStep, startSteps, undoStep, type Step } from './steps.ts';
import { upscale, upscalerDownloads, disposeUpscalers, type UpscaleFactor } from './upscaler.ts';
import { useOpenCv } from './use-opencv.ts';
import { SLUG, useTexts } from './use-texts.ts';
import './image-fix.css';

type Tool = 'repair' | 'enhance' | 'upscale' | 'cloud';
type Busy = null | 'find' | 'repair' | 'both' | 'enhance' | 'upscale';

/** The photo with the mask painted on it in red (for "How it works"). */
function maskedPicture(picture: HTMLCanvasElement, mask: Uint8Array): HTMLCanvasElement {
  const image = canvasToImage(picture);
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    image.data[p * 4] = 255;
    image.data[p * 4 + 1] = 30;
    image.data[p * 4 + 2] = 30;
  }
  return imageToCanvas(image);
}

/** The scratch finder's map as a picture: black = ordinary, white = stands out a lot. */
function responseCanvas(response: Float32Array, width: number, height: number): HTMLCanvasElement {
  const [canvas, context] = canvasOf(width, height);
  const pixels = context.createImageData(width, height);
  for (let p = 0; p < response.length; p++) {
    const v = Math.min(255, response[p]! * 4);
    pixels.data.fill(v, p * 4, p * 4 + 3);
    pixels.data[p * 4 + 3] = 255;
  }
  context.putImageData(pixels, 0, 0);
  return canvas;
}

const NO_MASKS: Uint8Array[] = [];
const errorText = (problem: unknown) => (problem instanceof Error ? problem.message : String(problem));
const nextTick = () => new Promise((resolve) => setTimeout(resolve, 20));

export default function ImageFixLab() {
  const { t } = useTexts();
  const cv = useOpenCv();
  const [steps, setSteps] = useState<Step<HTMLCanvasElement>[]>([]);
  const [sample, setSample] = useState<OldPhotoSample | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const [tool, setTool] = useState<Tool>('repair');
  const [editingMask, setEditingMask] = useState(true);
  // Mask history (each stroke or search one entry, for undo) and the two-method trial, both belonging to one
  // picture: a new step or an undo leaves them behind.
  const [maskHistory, setMaskHistory] = useState<{ of: HTMLCanvasElement | null; list: Uint8Array[] }>({
    of: null,
    list: [],
  });
  const [bothFor, setBothFor] = useState<{
    of: HTMLCanvasElement;
    results: Record<InpaintMethod, HTMLCanvasElement>;
  } | null>(null);
  const [repair, setRepair] = useState<RepairSettings>({
    brush: 10,
    erase: false,
    sensitivity: 8,
    method: 'telea',
    radius: 3,
  });
  const [enhance, setEnhance] = useState<EnhanceChoice>(DEFAULT_ENHANCE);
  const [busy, setBusy] = useState<Busy>(null);
  const [toolError, setToolError] = useState<string | null>(null);
  /** How long the last repair or enhancement took in the worker (shown, and read by the benchmark). */
  const [timing, setTiming] = useState<number | null>(null);
  const [responseMap, setResponseMap] = useState<HTMLCanvasElement | null>(null);
  /** The last repair's photo and mask, for "How it works" once the photo has moved on. */
  const [lastRepair, setLastRepair] = useState<{ picture: HTMLCanvasElement; mask: Uint8Array } | null>(null);
  const [scale, setScale] = useState<UpscaleFactor>(2);
  const [upProgress, setUpProgress] = useState<{ done: number; total: number } | null>(null);
  const [upDownloads, setUpDownloads] = useState<DownloadTracker | null>(null);
  const [upSummary, setUpSummary] = useState<{
    from: string;
    to: string;
    seconds: string;
    backend: string;
    tiles: number;
    millis: number;
  } | null>(null);
  const [upError, setUpError] = useState<string | null>(null);
  const [lastEnhance, setLastEnhance] = useState<{
    before: HTMLCanvasElement;
    after: HTMLCanvasElement;
  } | null>(null);
  const [lastUpscale, setLastUpscale] = useState<{ plain: HTMLCanvasElement; ai: HTMLCanvasElement } | null>(
    null,
  );

  useEffect(() => () => disposeUpscalers(), []);

  const picture = currentPicture(steps);
  const lastStep = steps.at(-1);
  const masks = maskHistory.of === picture ? maskHistory.list : NO_MASKS;
  const setMasks = (update: (list: Uint8Array[]) => Uint8Array[]) =>
    setMaskHistory((history) => ({
      of: picture ?? null,
      list: update(history.of === picture ? history.list : []),
    }));
  const both = bothFor && bothFor.of === picture ? bothFor.results : null;
  const mask = useMemo(() => {
    const pixels = picture ? picture.width * picture.height : 0;
    const last = masks.at(-1);
    // A mask made for another picture (just before the reset below runs) is never used.
    return last?.length === pixels ? last : new Uint8Array(pixels);
  }, [masks, picture]);
  const marked = useMemo(() => maskCount(mask), [mask]);

  const start = useCallback(
    (canvas: HTMLCanvasElement, label: string, withSample: OldPhotoSample | null = null) => {
      setSteps(startSteps(canvas, label));
      setSample(withSample);
      setInputError(null);
      setToolError(null);
      setTiming(null);
      setResponseMap(null);
      setLastRepair(null);
      setLastEnhance(null);
      setLastUpscale(null);
      setUpSummary(null);
      setUpError(null);
      setEditingMask(true);
    },
    [],
  );

  const onFile = useCallback(
    (file: File) => {
      pictureFromFile(file, t('input.tooBig')).then(
        (canvas) => start(canvas, t('steps.start')),
        (problem: unknown) =>
          setInputError(problem instanceof ImageFileError ? problem.message : errorText(problem)),
      );
    },
    [start, t],
  );

  // Paste a picture anywhere on the page.
  usePastedFile(onFile);

  const addStep = (step: Step<HTMLCanvasElement>) => setSteps((list) => pushStep(list, step));

  const shrinkTo = (maxSide: number) => {
    if (!picture) return;
    const size = fitInside(picture.width, picture.height, maxSide);
    addStep({
      kind: 'shrink',
      label: t('steps.shrink', size),
      before: copyCanvas(picture, size.width, size.height),
      after: shrink(picture, size.width, size.height),
    });
  };

  const findScratches = async () => {
    if (!picture) return;
    setBusy('find');
    await nextTick();
    try {
      const response = topHatResponse(canvasToImage(picture));
      const threshold = thresholdOf(repair.sensitivity);
      const found = new Uint8Array(response.length);
      for (let i = 0; i < found.length; i++) found[i] = response[i]! > threshold ? 255 : 0;
      setMasks((list) => [...list, growMask(found, picture.width, picture.height, 1)]);
      setResponseMap(responseCanvas(response, picture.width, picture.height));
      setEditingMask(true);
    } finally {
      setBusy(null);
    }
  };

  const runInpaint = async (method: InpaintMethod) => {
    if (!picture || !cv.client) throw new Error('OpenCV is not ready');
    const { image, millis } = await cv.client.inpaint(canvasToImage(picture), mask, method, repair.radius);
    setTiming(millis);
    setLastRepair({ picture, mask });
    return imageToCanvas(image);
  };

  const repairNow = async () => {
    if (!picture) return;
    setBusy('repair');
    setToolError(null);
    try {
      const after = await runInpaint(repair.method);
      addStep({ kind: 'repair', label: t(`steps.repair.${repair.method}`), before: picture, after });
      setEditingMask(false);
    } catch (problem) {
      setToolError(t('errors.tool', { message: errorText(problem) }));
    } finally {
      setBusy(null);
    }
  };

  const tryBoth = async () => {
    if (!picture) return;
    setBusy('both');
    setToolError(null);
    try {
      setBothFor({ of: picture, results: { telea: await runInpaint('telea'), ns: await runInpaint('ns') } });
    } catch (problem) {
      setToolError(t('errors.tool', { message: errorText(problem) }));
    } finally {
      setBusy(null);
    }
  };

  const chooseMethod = (method: InpaintMethod) => {
    if (!picture || !both) return;
    addStep({ kind: 'repair', label: t(`steps.repair.${method}`), before: picture, after: both[method] });
    setEditingMask(false);
  };

  const enhanceNow = async () => {
    if (!picture || !cv.client) return;
    setBusy('enhance');
    setToolError(null);
    try {
      // Colour balance and the levels stretch here (pure maths); CLAHE, denoising and sharpening in OpenCV.
      const balanced = balanceColours(canvasToImage(picture), enhance.colour / 100);
      const stretched = stretchLevels(balanced, enhance.contrast / 100);
      const { image, millis } = await cv.client.enhance(stretched, {
        contrast: enhance.contrast / 100,
        denoise: enhance.denoise / 100,
        denoiseMethod: enhance.denoiseMethod,
        sharpen: enhance.sharpen / 100,
      });
      setTiming(millis);
      const after = imageToCanvas(image);
      addStep({ kind: 'enhance', label: t('steps.enhance'), before: picture, after });
      setLastEnhance({ before: picture, after });
    } catch (problem) {
      setToolError(t('errors.tool', { message: errorText(problem) }));
    } finally {
      setBusy(null);
    }
  };

  const upscaleNow = async () => {
    if (!picture) return;
    const tracker = upscalerDownloads(scale);
    setUpDownloads(tracker);
    setBusy('upscale');
    setUpError(null);
    setUpSummary(null);
    setUpProgress({ done: 0, total: 0 });
    try {
      const result = await upscale(canvasToImage(picture), scale, tracker, (done, total) =>
        setUpProgress({ done, total }),
      );
      const ai = imageToCanvas(result.image);
      const plain = plainEnlarge(picture, scale);
      addStep({ kind: 'upscale', label: t('steps.upscale', { scale }), before: plain, after: ai });
      setLastUpscale({ plain, ai });
      setUpSummary({
        from: `${picture.width} × ${picture.height}`,
        to: `${ai.width} × ${ai.height}`,
        seconds: (result.millis / 1000).toFixed(1),
        backend: result.backend,
        tiles: result.tiles,
        millis: result.millis,
      });
    } catch (problem) {
      setUpError(t('errors.upscale', { message: errorText(problem) }));
    } finally {
      setBusy(null);
    }
  };

  const onCloud = (call: ImageFixCloudCall, after: HTMLCanvasElement) => {
    if (!picture) return;
    const before =
      after.width === picture.width && after.height === picture.height
        ? picture
        : copyCanvas(picture, after.width, after.height);
    addStep({ kind: 'cloud', label: t(`steps.${call}`), before, after });
  };

  // How close the repaired sample is to the photo before we damaged it, where we damaged it.
  const score = useMemo(() => {
    if (!sample || !picture) return null;
    if (picture.width !== sample.original.width || picture.height !== sample.original.height) return null;
    const original = canvasToImage(sample.original);
    return {
      start: meanAbsDifference(canvasToImage(sample.damaged), original, sample.damage),
      now: meanAbsDifference(canvasToImage(picture), original, sample.damage),
    };
  }, [sample, picture]);

  const maskPicture = useMemo(() => {
    if (picture && marked) return maskedPicture(picture, mask);
    return lastRepair ? maskedPicture(lastRepair.picture, lastRepair.mask) : null;
  }, [picture, mask, marked, lastRepair]);

  const tooBig = picture ? tooLargeFor('repair', picture.width, picture.height) : undefined;
  const upTooBig = picture
    ? tooLargeFor(scale === 2 ? 'upscale2' : 'upscale4', picture.width, picture.height)
    : undefined;
  const deviceMemory = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  const cvReady = cv.state === 'ready' && tooBig === undefined;

  const showMask = tool === 'repair' && editingMask && picture;

  return (
    <LabFrame slug={SLUG} tip={t('tip')} className="fix-lab">
      <Alert type="info" showIcon message={t('privacy')} />

      <Card title={t('input.title')}>
        <Space wrap>
          <ImageUploadButton type="primary" label={t('input.upload')} onFile={onFile} />
          <Button icon={<CameraOutlined />} onClick={() => setCamera(true)} disabled={camera}>
            {t('input.camera')}
          </Button>
          <span>{t('input.samples')}:</span>
          <Button
            onClick={() => {
              const made = makeOldPhoto();
              start(made.damaged, t('steps.sampleOld'), made);
            }}
          >
            {t('input.sampleOld')}
          </Button>
          <Button
            onClick={() => {
              start(makeTinyPhoto(), t('steps.sampleTiny'));
              setTool('upscale');
            }}
          >
            {t('input.sampleTiny')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" className="fix-paste">
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
              start(photo, t('steps.start'));
            }}
          />
        )}
        {inputError && <Alert type="error" showIcon message={inputError} data-testid="fix-input-error" />}
      </Card>

      {cv.state === 'loading' && (
        <div className="fix-loading" role="status">
          <span>{t('loading')}</span>
          <DownloadProgress source={cv.client?.downloads} />
        </div>
      )}
      {cv.state === 'error' && (
        <Alert
          type="error"
          showIcon
          message={t('errors.loadFailed', { message: cv.error ?? '' })}
          action={<Button onClick={cv.retry}>{t('retry')}</Button>}
        />
      )}

      {picture && lastStep && (
        <>
          {tooBig !== undefined && (
            <Alert
              type="warning"
              showIcon
              data-testid="fix-too-large"
              message={t('tooLarge', { width: picture.width, height: picture.height, max: tooBig })}
              action={
                <Button type="primary" size="small" onClick={() => shrinkTo(tooBig)}>
                  {t('shrink', { max: tooBig })}
                </Button>
              }
            />
          )}
          <div className="fix-workspace">
            <Card
              className="fix-view"
              title={showMask ? t('repair.maskTitle') : t('compare.title')}
              extra={
                <Typography.Text
                  type="secondary"
                  data-testid="fix-picture-size"
                  data-width={picture.width}
                  data-height={picture.height}
                >
                  {t('compare.size', { width: picture.width, height: picture.height })}
                </Typography.Text>
              }
            >
              {showMask ? (
                <MaskEditor
                  picture={picture}
                  mask={mask}
                  brush={repair.brush}
                  erase={repair.erase}
                  onStroke={(next) => setMasks((list) => [...list, next])}
                />
              ) : steps.length > 1 ? (
                <CompareView
                  before={lastStep.before}
                  after={lastStep.after}
                  beforeLabel={lastStep.kind === 'upscale' ? t('compare.plain') : t('compare.before')}
                  afterLabel={lastStep.kind === 'upscale' ? t('compare.ai') : t('compare.after')}
                />
              ) : (
                <CanvasView
                  picture={picture}
                  className="fix-single"
                  label={t('compare.photo')}
                  testId="fix-picture"
                />
              )}
              <div className="fix-steps" aria-label={t('steps.title')}>
                {steps.map((step, i) => (
                  <Tag key={i} color={i === steps.length - 1 ? 'blue' : undefined}>
                    {i + 1}. {step.label}
                  </Tag>
                ))}
              </div>
              {timing !== null && (
                <Typography.Paragraph
                  type="secondary"
                  data-testid="fix-timing"
                  data-millis={Math.round(timing)}
                >
                  {t('timing', { seconds: (timing / 1000).toFixed(2) })}
                </Typography.Paragraph>
              )}
              <Space wrap>
                <Button
                  icon={<UndoOutlined />}
                  disabled={steps.length < 2}
                  onClick={() => {
                    setSteps(undoStep);
                    setEditingMask(true);
                  }}
                >
                  {t('steps.undo')}
                </Button>
                <Button
                  icon={<RollbackOutlined />}
                  disabled={steps.length < 2}
                  onClick={() => setSteps((list) => list.slice(0, 1))}
                >
                  {t('steps.startOver')}
                </Button>
                {tool === 'repair' && !editingMask && (
                  <Button icon={<EditOutlined />} onClick={() => setEditingMask(true)}>
                    {t('repair.markMore')}
                  </Button>
                )}
              </Space>
            </Card>

            <Card className="fix-tools">
              <Tabs
                activeKey={tool}
                onChange={(key) => setTool(key as Tool)}
                items={[
                  {
                    key: 'repair',
                    label: t('tabs.repair'),
                    children: (
                      <RepairPanel
                        settings={repair}
                        onSettings={setRepair}
                        markedPixels={marked}
                        totalPixels={picture.width * picture.height}
                        canUndoMask={masks.length > 0}
                        onFind={() => void findScratches()}
                        onUndoMask={() => setMasks((list) => list.slice(0, -1))}
                        onClearMask={() => setMasks((list) => [...list, new Uint8Array(mask.length)])}
                        onRepair={() => void repairNow()}
                        onTryBoth={() => void tryBoth()}
                        busy={busy === 'repair' || busy === 'find' || busy === 'both'}
                        repairing={busy === 'repair'}
                        ready={cvReady}
                      />
                    ),
                  },
                  {
                    key: 'enhance',
                    label: t('tabs.enhance'),
                    children: (
                      <EnhancePanel
                        choice={enhance}
                        onChoice={setEnhance}
                        onApply={() => void enhanceNow()}
                        busy={busy === 'enhance'}
                        ready={cvReady}
                      />
                    ),
                  },
                  {
                    key: 'upscale',
                    label: t('tabs.upscale'),
                    children: (
                      <UpscalePanel
                        scale={scale}
                        onScale={setScale}
                        tooLarge={upTooBig}
                        can4x={deviceCanUpscale4(deviceMemory)}
                        onShrink={shrinkTo}
                        onRun={() => void upscaleNow()}
                        running={busy === 'upscale'}
                        progress={upProgress}
                        downloads={upDownloads}
                        summary={upSummary}
                        error={upError}
                      />
                    ),
                  },
                  {
                    key: 'cloud',
                    label: t('tabs.cloud'),
                    children: <CloudPanel picture={picture} onResult={onCloud} onShrink={shrinkTo} />,
                  },
                ]}
              />
              {toolError && <Alert type="error" showIcon message={toolError} className="fix-row" />}
            </Card>
          </div>

          {both && (
            <Card title={t('repair.bothTitle')} data-testid="fix-both">
              <div className="fix-how-row">
                {(['telea', 'ns'] as const).map((method) => (
                  <figure key={method} className="fix-both-figure">
                    <CanvasView
                      picture={both[method]}
                      className="fix-how-image"
                      label={t(`repair.${method}`)}
                    />
                    <figcaption>
                      <Button onClick={() => chooseMethod(method)}>
                        {t('repair.useThis', { method: t(`repair.${method}`) })}
                      </Button>
                    </figcaption>
                  </figure>
                ))}
              </div>
            </Card>
          )}

          {sample && (
            <Card title={t('sample.title')} className="fix-sample">
              <div className="fix-how-row">
                <CanvasView
                  picture={sample.original}
                  className="fix-how-image"
                  label={t('sample.original')}
                  testId="sample-original"
                />
                <div>
                  <Typography.Paragraph>{t('sample.text')}</Typography.Paragraph>
                  {score && (
                    <Typography.Paragraph strong data-testid="sample-score">
                      {t('sample.score', { start: score.start.toFixed(0), now: score.now.toFixed(0) })}
                    </Typography.Paragraph>
                  )}
                </div>
              </div>
            </Card>
          )}
        </>
      )}

      <HowItWorks
        maskPicture={maskPicture}
        responseMap={responseMap}
        lastEnhance={lastEnhance}
        lastUpscale={lastUpscale}
      />
    </LabFrame>
  );
}
