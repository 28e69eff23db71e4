/**
 * The Try tab for detection: a chosen photo, or the live camera, goes through the whole model in the worker
 * (`client.predict`); the boxes and scores are drawn over the picture (the camera: over the video).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Slider, Space, Typography } from 'antd';
import { CameraOutlined, PictureOutlined } from '@ant-design/icons';
import { InsecureOriginNotice } from '../../../components/secure-origin/insecure-origin-notice.tsx';
import { useCamera } from '../../../lib/camera/use-camera.ts';
import type { Detection, TrainingSession } from '../training/index.ts';
import { classColor, drawBoxes, prepareCanvas } from './draw.ts';
import { useDetTexts } from './use-texts.ts';

/** A camera frame at most this often (the worker's answer usually takes less). */
const CAMERA_EVERY_MS = 400;
const MAX_SIDE = 480;
const NO_CLASSES: readonly string[] = [];

function paint(
  canvas: HTMLCanvasElement,
  source: CanvasImageSource | null,
  width: number,
  height: number,
  detections: readonly Detection[],
  classes: readonly string[],
  threshold: number,
) {
  const scale = Math.min(MAX_SIDE / width, MAX_SIDE / height, 1);
  const ctx = prepareCanvas(canvas, Math.round(width * scale), Math.round(height * scale));
  if (!ctx) return;
  ctx.clearRect(0, 0, width * scale, height * scale);
  if (source) ctx.drawImage(source, 0, 0, width * scale, height * scale);
  drawBoxes(
    ctx,
    detections
      .filter((d) => d.score >= threshold)
      .map((d) => ({
        x: d.x * width,
        y: d.y * height,
        w: d.w * width,
        h: d.h * height,
        color: classColor(d.label),
        caption: `${classes[d.label] ?? d.label} ${Math.round(d.score * 100)}%`,
      })),
    { scale, offsetX: 0, offsetY: 0 },
  );
}

export function DetTryPanel({ session }: { session: TrainingSession }) {
  const { t } = useDetTexts();
  const { client, model } = session;
  const classes = model?.classes ?? NO_CLASSES;
  const [photo, setPhoto] = useState<ImageBitmap | null>(null);
  const [detections, setDetections] = useState<Detection[] | null>(null);
  const [threshold, setThreshold] = useState(0.3);
  const [error, setError] = useState<string | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const { videoRef, status: cameraStatus, start: startCamera, stop: stopCamera } = useCamera();
  const photoCanvas = useRef<HTMLCanvasElement | null>(null);
  const overlay = useRef<HTMLCanvasElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);

  useEffect(() => () => photo?.close(), [photo]);

  // The photo with its boxes.
  useEffect(() => {
    if (!photo || !photoCanvas.current) return;
    paint(photoCanvas.current, photo, photo.width, photo.height, detections ?? [], classes, threshold);
  }, [photo, detections, classes, threshold]);

  // Camera frames one at a time; boxes drawn on a transparent canvas over the video.
  useEffect(() => {
    if (!cameraOn || cameraStatus !== 'live') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const video = videoRef.current;
      if (live && video && video.videoWidth > 0) {
        try {
          const frame = await createImageBitmap(video);
          const prediction = await client.predict(frame);
          if (live) {
            setDetections(prediction.detections ?? []);
            if (overlay.current) {
              paint(
                overlay.current,
                null,
                video.videoWidth,
                video.videoHeight,
                prediction.detections ?? [],
                classes,
                threshold,
              );
            }
          }
        } catch (e) {
          if (live) setError(e instanceof Error ? e.message : String(e));
        }
      }
      if (live) timer = setTimeout(() => void tick(), CAMERA_EVERY_MS);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [cameraOn, cameraStatus, videoRef, client, classes, threshold]);

  if (!model) return <Alert type="info" showIcon title={t('try.noModel')} />;

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (cameraOn) {
      stopCamera();
      setCameraOn(false);
    }
    try {
      const bitmap = await createImageBitmap(file);
      const prediction = await client.predict(file);
      setPhoto(bitmap);
      setDetections(prediction.detections ?? []);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const toggleCamera = () => {
    if (cameraOn) {
      stopCamera();
      setCameraOn(false);
      return;
    }
    setPhoto(null);
    setDetections(null);
    setCameraOn(true);
    setTimeout(() => void startCamera(), 0);
  };

  const shown = (detections ?? []).filter((d) => d.score >= threshold);
  const cameraProblem = cameraOn && ['denied', 'missing', 'error'].includes(cameraStatus);

  return (
    <Card size="small" title={t('try.title')}>
      <Typography.Paragraph type="secondary">{t('try.help')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<PictureOutlined />} onClick={() => fileInput.current?.click()}>
          {t('try.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="det-try-input"
          onChange={(e) => {
            void onPhoto(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button icon={<CameraOutlined />} onClick={toggleCamera}>
          {cameraOn ? t('try.stopCamera') : t('try.camera')}
        </Button>
        <Typography.Text>{t('try.threshold')}</Typography.Text>
        <Slider
          min={0.05}
          max={0.95}
          step={0.05}
          value={threshold}
          onChange={setThreshold}
          style={{ width: 140 }}
        />
      </Space>
      {cameraOn && cameraStatus === 'insecure' && <InsecureOriginNotice feature="camera" />}
      {cameraProblem && (
        <Alert
          type="warning"
          showIcon
          title={cameraStatus === 'denied' ? t('data.cameraDenied') : t('data.cameraMissing')}
        />
      )}
      {error && <Alert type="error" showIcon title={error} />}
      <div style={{ position: 'relative', display: cameraOn ? 'inline-block' : 'none' }}>
        <video
          ref={videoRef}
          muted
          playsInline
          style={{ display: 'block', maxWidth: MAX_SIDE, maxHeight: MAX_SIDE, borderRadius: 8 }}
        />
        <canvas
          ref={overlay}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
        />
      </div>
      {photo && !cameraOn && (
        <div>
          <canvas ref={photoCanvas} role="img" aria-label={t('try.title')} style={{ borderRadius: 8 }} />
        </div>
      )}
      {detections && (
        <div data-testid="det-try-result" data-detections={JSON.stringify(detections)}>
          <Typography.Text strong>
            {shown.length ? t('try.found', { count: shown.length }) : t('try.nothing')}
          </Typography.Text>
          <ul style={{ margin: '4px 0', paddingLeft: 18 }}>
            {shown.map((d, i) => (
              <li key={i} style={{ color: classColor(d.label) }}>
                {classes[d.label] ?? d.label} {Math.round(d.score * 100)}%
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
