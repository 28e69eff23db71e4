/**
 * Face analysis from the camera or a photo: boxes and mesh drawn on the picture, and per face an estimated
 * age, gender and expression. A blocked camera offers a photo instead.
 */
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Card, Segmented, Space, Typography } from 'antd';
import { CameraOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { CameraProblem, OnDeviceNotice } from '../../../components/camera/camera-problem.tsx';
import { ImageUploadButton, readImageFile } from '../../../components/camera/image-upload.tsx';
import { DownloadProgress } from '../../../components/download-progress.tsx';
import { LabFrame } from '../../../components/lab-frame.tsx';
import { useCamera } from '../../../lib/camera/use-camera.ts';
import { drawFaces, drawSource, sourceSize, type Drawable } from '../../../lib/vision/draw.ts';
import { containTransform } from '../../../lib/vision/geometry.ts';
import type { FaceResult, Result } from '../../../lib/vision/human.ts';
import { useDetectionLoop } from '../../../lib/vision/use-detection-loop.ts';
import { backendLabel, useHuman } from '../../../lib/vision/use-human.ts';
import { createFaceFollower } from '../face-follower.ts';
import { ANALYZE_WIDTH, MAX_FACES, SLUG } from '../meta.ts';
import { useTexts } from '../use-texts.ts';
import { FaceCards } from './face-cards.tsx';
import { LearnSection } from './learn-section.tsx';

const ANALYZE_CONFIG = { face: { detector: { maxDetected: MAX_FACES } } };

type Source = 'camera' | 'photo';

/** Sizes the canvas to the picture's aspect ratio at ANALYZE_WIDTH and draws picture + faces. */
function paint(canvas: HTMLCanvasElement, source: Drawable, faces: readonly FaceResult[]) {
  const [w, h] = sourceSize(source);
  if (w === 0 || h === 0) return;
  const height = Math.round((ANALYZE_WIDTH * h) / w);
  if (canvas.width !== ANALYZE_WIDTH || canvas.height !== height) {
    canvas.width = ANALYZE_WIDTH;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const t = containTransform(w, h, canvas.width, canvas.height);
  drawSource(ctx, source, t);
  drawFaces(ctx, faces, t, { label: (_face, i) => String(i + 1) });
}

/** Wipes the previous picture and its boxes, so a rejected file leaves nothing of the last photo on screen. */
function clearPicture(canvas: HTMLCanvasElement | null) {
  canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
}

export function AnalyzePage() {
  const { t } = useTexts();
  const { human, backend, error, downloads } = useHuman(ANALYZE_CONFIG);
  const [source, setSource] = useState<Source>('camera');
  const { videoRef, status, start, stop } = useCamera({ autoStart: true });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // One box per face, numbered as in the last frame (the detector may report a steady face twice).
  const follower = useRef(createFaceFollower());
  const [faces, setFaces] = useState<FaceResult[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [analysed, setAnalysed] = useState(false);
  // Whether the canvas holds an analysed photo: a failed upload must not leave the previous one showing.
  const [photoShown, setPhotoShown] = useState(false);

  const detect = useCallback(
    (frame: HTMLCanvasElement): Promise<Result> =>
      human ? human.detect(frame) : Promise.reject(new Error('models not loaded')),
    [human],
  );

  useDetectionLoop({
    videoRef,
    active: source === 'camera' && human !== null && status === 'live',
    detect,
    onResult: (result, _stats, frame) => {
      const found = follower.current.next(result.face);
      const canvas = canvasRef.current;
      if (canvas) paint(canvas, frame, found);
      setFaces(found);
      setAnalysed(true);
    },
    onError: (e) => console.error('face analysis failed', e),
  });

  const analysePhoto = useCallback(
    async (file: File) => {
      setSource('photo');
      stop();
      setUploadError(null);
      setFaces([]);
      setAnalysed(false);
      setPhotoShown(false);
      clearPicture(canvasRef.current);
      let image: HTMLImageElement;
      try {
        image = await readImageFile(file);
      } catch (e) {
        setUploadError(e instanceof Error ? e.message : String(e));
        return;
      }
      if (!human) return;
      setBusy(true);
      try {
        const result = await human.detect(image);
        follower.current.reset();
        const found = follower.current.next(result.face);
        const canvas = canvasRef.current;
        if (canvas) paint(canvas, image, found);
        setFaces(found);
        setAnalysed(true);
        setPhotoShown(true);
      } catch (e) {
        console.error('face analysis failed', e);
        setUploadError(t('loadFailed'));
      } finally {
        setBusy(false);
      }
    },
    [stop, human, t],
  );

  const switchTo = (next: Source) => {
    follower.current.reset();
    setSource(next);
    setFaces([]);
    setAnalysed(false);
    setPhotoShown(false);
    setUploadError(null);
    if (next === 'camera') void start();
    else stop();
  };

  return (
    <LabFrame
      slug={SLUG}
      tip={t('tip')}
      loading={(!human && !error) || busy}
      progress={<DownloadProgress source={downloads} />}
    >
      <OnDeviceNotice />
      {error !== null && <Alert type="error" showIcon message={t('loadFailed')} />}
      <div className="fa-layout">
        <div className="fa-main">
          <Space wrap className="fa-toolbar">
            <Segmented<Source>
              value={source}
              onChange={switchTo}
              options={[
                { value: 'camera', label: t('source.camera'), icon: <CameraOutlined /> },
                { value: 'photo', label: t('source.photo'), icon: <PictureOutlined /> },
              ]}
            />
            <ImageUploadButton onFile={(file) => void analysePhoto(file)} disabled={!human} />
          </Space>
          {uploadError && <Alert type="error" showIcon message={uploadError} data-testid="upload-error" />}
          {source === 'camera' && (
            <CameraProblem
              status={status}
              onRetry={() => void start()}
              onUpload={(file) => void analysePhoto(file)}
            />
          )}
          <video ref={videoRef} className="fa-hidden-video" muted playsInline />
          <canvas
            ref={canvasRef}
            width={ANALYZE_WIDTH}
            height={(ANALYZE_WIDTH * 3) / 4}
            className="fa-canvas"
            role="img"
            aria-label={source === 'photo' ? t('analyze.photoAlt') : t('analyze.canvasAria')}
            data-testid="analyze-canvas"
            hidden={source === 'camera' ? status !== 'live' : !photoShown}
          />
          <Typography.Text type="secondary">
            {t('backend', { backend: backendLabel(backend) })}
          </Typography.Text>
        </div>
        <div className="fa-side">
          <FaceCards faces={faces} empty={analysed ? t('analyze.noFace') : t('tip')} />
          <Card size="small" className="fa-live-link">
            <Space orientation="vertical">
              <Link to="live">
                <Button icon={<VideoCameraOutlined />}>{t('live.link')}</Button>
              </Link>
              <Typography.Text type="secondary">{t('live.linkHint')}</Typography.Text>
            </Space>
          </Card>
        </div>
      </div>
      <LearnSection />
    </LabFrame>
  );
}
