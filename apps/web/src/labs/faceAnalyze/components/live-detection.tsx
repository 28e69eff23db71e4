/**
 * The spec's live page 'real-time face detection': the camera in a 300 × 300 area with boxes and landmarks
 * and the frames per second; the camera stops when the page is left (useCamera's unmount).
 */
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Tag, Typography } from 'antd';
import { useLocation } from 'react-router';
import { CameraProblem, OnDeviceNotice } from '../../../components/camera/camera-problem.tsx';
import { parentPath } from '../../../components/page-frame.tsx';
import { LabFrame } from '../../../components/lab-frame.tsx';
import { useCamera } from '../../../lib/camera/use-camera.ts';
import { drawFaces, drawSource } from '../../../lib/vision/draw.ts';
import { coverTransform } from '../../../lib/vision/geometry.ts';
import type { Result } from '../../../lib/vision/human.ts';
import { useDetectionLoop, type LoopStats } from '../../../lib/vision/use-detection-loop.ts';
import { backendLabel, useHuman } from '../../../lib/vision/use-human.ts';
import { LIVE_SIZE, SLUG } from '../meta.ts';
import { useTexts } from '../use-texts.ts';

/** Detector and mesh only: what the page shows, at the highest frame rate. */
const LIVE_CONFIG = {
  face: {
    detector: { maxDetected: 3 },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
  },
};

interface Shown {
  faces: number;
  stats: LoopStats;
  tensors: number;
}

export function LiveDetection() {
  const { t } = useTexts();
  const { pathname } = useLocation();
  const { human, backend, error } = useHuman(LIVE_CONFIG);
  const { videoRef, status, start } = useCamera({ autoStart: true });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);

  const detect = useCallback(
    (frame: HTMLCanvasElement): Promise<Result> => {
      if (!human) return Promise.reject(new Error('models not loaded'));
      return human.detect(frame);
    },
    [human],
  );

  const onResult = useCallback(
    (result: Result, stats: LoopStats, frame: HTMLCanvasElement) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      const cover = coverTransform(frame.width, frame.height, canvas.width, canvas.height);
      drawSource(ctx, frame, cover);
      drawFaces(ctx, result.face, cover);
      const tensors =
        (human?.tf as { memory: () => { numTensors: number } } | undefined)?.memory().numTensors ?? 0;
      setShown({ faces: result.face.length, stats, tensors });
    },
    [human],
  );

  useDetectionLoop({
    videoRef,
    active: human !== null && status === 'live',
    detect,
    onResult,
    onError: (e) => console.error('face detection failed', e),
  });

  return (
    <LabFrame slug={SLUG} title={t('live.title')} backTo={parentPath(pathname)} loading={!human && !error}>
      <OnDeviceNotice />
      {error !== null && <Alert type="error" showIcon message={t('loadFailed')} />}
      <CameraProblem status={status} onRetry={() => void start()} />
      <div className="fa-live" style={{ width: LIVE_SIZE, height: LIVE_SIZE }}>
        {/* The video only feeds the detector; the canvas shows its frames with what was found on them. */}
        <video ref={videoRef} className="fa-hidden-video" muted playsInline />
        <canvas
          ref={canvasRef}
          width={LIVE_SIZE}
          height={LIVE_SIZE}
          className="fa-live-canvas"
          role="img"
          aria-label={t('analyze.canvasAria')}
          data-faces={shown?.faces ?? 0}
        />
        {status === 'starting' && (
          <div className="fa-live-waiting">
            <Spin tip={t('live.waiting')} />
          </div>
        )}
      </div>
      <Space wrap className="fa-live-stats" data-testid="live-stats">
        <Tag color="blue" data-testid="live-fps">
          {t('live.fps', { fps: shown ? shown.stats.fps.toFixed(1) : '–' })}
        </Tag>
        <Tag>{t('live.ms', { ms: shown ? Math.round(shown.stats.ms) : '–' })}</Tag>
        <Tag color={shown?.faces ? 'green' : undefined} data-testid="live-faces">
          {t('live.faces', { count: shown?.faces ?? 0 })}
        </Tag>
        <Tag data-testid="live-frames">{t('live.frames', { count: shown?.stats.frames ?? 0 })}</Tag>
        <Tag data-testid="live-tensors">{t('live.tensors', { count: shown?.tensors ?? 0 })}</Tag>
        <Typography.Text type="secondary">{t('backend', { backend: backendLabel(backend) })}</Typography.Text>
      </Space>
      {status === 'idle' && human && (
        <Button type="primary" onClick={() => void start()}>
          {t('live.link')}
        </Button>
      )}
    </LabFrame>
  );
}
