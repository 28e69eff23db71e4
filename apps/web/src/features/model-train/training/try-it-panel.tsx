/**
 * The Try tab: a photo (chosen from the computer) or the live camera goes through the whole model (backbone +
 * head, in the worker). cls shows every class with a bar, best first; det pages pass `renderResult` to draw
 * their boxes over the picture.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Progress, Space, Typography } from 'antd';
import { CameraOutlined, PictureOutlined } from '@ant-design/icons';
import { InsecureOriginNotice } from '../../../components/secure-origin/insecure-origin-notice.tsx';
import { useCamera } from '../../../lib/camera/use-camera.ts';
import type { Prediction } from './types.ts';
import type { TrainingSession } from './use-training-session.ts';
import { useTrainingTexts } from './use-texts.ts';

/** How often a camera frame is classified (the worker answers in well under this on a school PC). */
const CAMERA_EVERY_MS = 500;

export interface TryItResult {
  prediction: Prediction;
  /** The picture it was made from: an object URL of the photo, or null for a camera frame. */
  photoUrl: string | null;
}

export function ClassBars({
  classes,
  probabilities,
}: {
  classes: readonly string[];
  probabilities: readonly number[];
}) {
  const rows = classes.map((name, i) => ({ name, p: probabilities[i] ?? 0 })).sort((a, b) => b.p - a.p);
  return (
    <div data-testid="class-bars">
      {rows.map((row) => (
        <div
          key={row.name}
          data-class={row.name}
          data-probability={row.p}
          style={{ display: 'flex', gap: 8 }}
        >
          <Typography.Text style={{ width: 120 }} ellipsis>
            {row.name}
          </Typography.Text>
          <Progress percent={Math.round(row.p * 1000) / 10} style={{ flex: 1, margin: 0 }} />
        </div>
      ))}
    </div>
  );
}

export function TryItPanel({
  session,
  renderResult,
}: {
  session: TrainingSession;
  renderResult?: (result: TryItResult) => ReactNode;
}) {
  const { t } = useTrainingTexts();
  const { client, model } = session;
  const [result, setResult] = useState<TryItResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const { videoRef, status: cameraStatus, start: startCamera, stop: stopCamera } = useCamera();
  const fileInput = useRef<HTMLInputElement | null>(null);

  // The photo's object URL lives as long as it is shown.
  useEffect(() => {
    const url = result?.photoUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [result?.photoUrl]);

  // Camera frames, one at a time, while it is on.
  useEffect(() => {
    if (!cameraOn || cameraStatus !== 'live') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const video = videoRef.current;
      if (!live || !video || video.videoWidth === 0) {
        timer = setTimeout(() => void tick(), CAMERA_EVERY_MS);
        return;
      }
      try {
        const frame = await createImageBitmap(video);
        const prediction = await client.predict(frame);
        if (live) setResult({ prediction, photoUrl: null });
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e));
      }
      if (live) timer = setTimeout(() => void tick(), CAMERA_EVERY_MS);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [cameraOn, cameraStatus, videoRef, client]);

  if (!model) return <Alert type="info" showIcon title={t('noModel')} />;

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (cameraOn) {
      stopCamera();
      setCameraOn(false);
    }
    try {
      const prediction = await client.predict(file);
      setResult({ prediction, photoUrl: URL.createObjectURL(file) });
    } catch (e) {
      setError(t('tryIt.failed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const toggleCamera = () => {
    if (cameraOn) {
      stopCamera();
      setCameraOn(false);
    } else {
      setResult(null);
      setCameraOn(true);
      // The <video> is in the tree already (hidden until live): start once React has shown it.
      setTimeout(() => void startCamera(), 0);
    }
  };

  const cameraProblem = ['denied', 'missing', 'error'].includes(cameraStatus);

  return (
    <Card size="small" title={t('tryIt.title')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<PictureOutlined />} onClick={() => fileInput.current?.click()}>
          {t('tryIt.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="try-photo-input"
          onChange={(e) => {
            void onPhoto(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button icon={<CameraOutlined />} onClick={toggleCamera}>
          {cameraOn ? t('tryIt.stopCamera') : t('tryIt.camera')}
        </Button>
      </Space>
      {cameraOn && cameraStatus === 'insecure' && <InsecureOriginNotice feature="camera" />}
      {cameraProblem && cameraOn && (
        <Alert type="warning" showIcon title={t('tryIt.cameraProblem', { status: cameraStatus })} />
      )}
      {error && <Alert type="error" showIcon title={error} />}
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <video
          ref={videoRef}
          style={{ width: 320, maxWidth: '100%', display: cameraOn ? 'block' : 'none', borderRadius: 8 }}
        />
        {!renderResult && result?.photoUrl && (
          <img src={result.photoUrl} alt="" style={{ maxWidth: 320, maxHeight: 320, borderRadius: 8 }} />
        )}
        {result && (
          <div style={{ flex: 1, minWidth: 240 }} data-testid="try-result">
            {renderResult ? (
              renderResult(result)
            ) : (
              <>
                <Typography.Paragraph strong>{t('tryIt.result')}</Typography.Paragraph>
                <ClassBars classes={model.classes} probabilities={result.prediction.probabilities ?? []} />
              </>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
