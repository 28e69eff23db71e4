/**
 * The spec's live page 'real-time face detection': the camera in a 300 × 300 area with the faces boxed, at
 * the camera's rate, and the frames per second; the face mesh's 468 landmarks drawn when the learner turns
 * them on. The camera stops when the page is left (useCamera's unmount).
 *
 * Speed (docs/vision.md): each frame is analysed at the size it is shown (analysisSize: 400 × 300 for a
 * 640 × 480 camera), handed to human as a tensor (frameTensor), and the detector takes the newest frame as
 * soon as it is free (FrameGate). The page names the backend, its WASM build and threads, as text and as
 * data attributes the e2e test and the benchmark read.
 */
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useLocation } from 'react-router';
import { CameraProblem, OnDeviceNotice } from '../../../components/camera/camera-problem.tsx';
import { parentPath } from '../../../components/page-frame.tsx';
import { DownloadProgress } from '../../../components/download-progress.tsx';
import { LabFrame } from '../../../components/lab-frame.tsx';
import { useCamera } from '../../../lib/camera/use-camera.ts';
import { drawFaces, drawSource } from '../../../lib/vision/draw.ts';
import { analysisSize, coverTransform } from '../../../lib/vision/geometry.ts';
import { frameTensor, type Result } from '../../../lib/vision/human.ts';
import { useDetectionLoop, type LoopStats } from '../../../lib/vision/use-detection-loop.ts';
import { backendLabel, useHuman } from '../../../lib/vision/use-human.ts';
import { createFaceFollower } from '../face-follower.ts';
import { FOLLOW_FACES, LIVE_CONFIG } from '../live-config.ts';
import { LIVE_SIZE, SLUG } from '../meta.ts';
import { useTexts } from '../use-texts.ts';

const frameSize = (width: number, height: number) => analysisSize(width, height, LIVE_SIZE, LIVE_SIZE);

/**
 * The canvas is drawn every frame; the numbers under it are re-rendered at most this often. A React render
 * of the page per frame costs a few ms of the 41.7 ms a 24 fps frame leaves, and nobody reads numbers
 * changing 24 times a second.
 */
const NUMBERS_EVERY_MS = 250;

interface Shown {
  faces: number;
  /** Landmarks drawn, all faces together (0 with the mesh off). */
  landmarks: number;
  stats: LoopStats;
  tensors: number;
}

export function LiveDetection() {
  const { t } = useTexts();
  const { pathname } = useLocation();
  const { human, backend, threads, wasmBuild, error, downloads } = useHuman(LIVE_CONFIG);
  const { videoRef, status, start } = useCamera({ autoStart: true });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [mesh, setMesh] = useState(false);
  const numbersShownAt = useRef(0);
  // One box per face, in the last frame's order: following faces with the mesh can report one face twice.
  const follower = useRef(createFaceFollower());

  const detect = useCallback(
    async (frame: HTMLCanvasElement): Promise<{ result: Result; mesh: boolean }> => {
      if (!human) throw new Error('models not loaded');
      const input = await frameTensor(frame);
      try {
        // The switch's state when this frame started: what it is drawn with.
        return { result: await human.detect(input, FOLLOW_FACES), mesh };
      } finally {
        input.dispose();
      }
    },
    [human, mesh],
  );

  const onResult = useCallback(
    (
      { result, mesh: meshed }: { result: Result; mesh: boolean },
      stats: LoopStats,
      frame: HTMLCanvasElement,
    ) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      const faces = follower.current.next(result.face);
      const cover = coverTransform(frame.width, frame.height, canvas.width, canvas.height);
      drawSource(ctx, frame, cover);
      drawFaces(ctx, faces, cover, { mesh: meshed });
      const now = performance.now();
      if (now - numbersShownAt.current < NUMBERS_EVERY_MS) return;
      numbersShownAt.current = now;
      const tensors =
        (human?.tf as { memory: () => { numTensors: number } } | undefined)?.memory().numTensors ?? 0;
      const landmarks = meshed ? faces.reduce((n, face) => n + face.mesh.length, 0) : 0;
      setShown({ faces: faces.length, landmarks, stats, tensors });
    },
    [human],
  );

  useDetectionLoop({
    videoRef,
    active: human !== null && status === 'live',
    detect,
    onResult,
    onError: (e) => console.error('face detection failed', e),
    frameSize,
  });

  return (
    <LabFrame
      slug={SLUG}
      title={t('live.title')}
      backTo={parentPath(pathname)}
      loading={!human && !error}
      progress={<DownloadProgress source={downloads} />}
    >
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
          data-landmarks={shown?.landmarks ?? 0}
        />
        {status === 'starting' && (
          <div className="fa-live-waiting">
            <Spin tip={t('live.waiting')} />
          </div>
        )}
      </div>
      <div className="fa-live-mesh">
        <Space align="center">
          <Switch checked={mesh} onChange={setMesh} aria-label={t('live.mesh')} data-testid="live-mesh" />
          <Typography.Text strong>{t('live.mesh')}</Typography.Text>
        </Space>
        <Typography.Paragraph type="secondary" className="fa-live-mesh-hint">
          {t('live.meshHint')}
        </Typography.Paragraph>
      </div>
      <Space
        wrap
        className="fa-live-stats"
        data-testid="live-stats"
        data-backend={backend ?? ''}
        data-wasm-build={wasmBuild ?? ''}
        data-threads={threads}
        data-isolated={String(globalThis.crossOriginIsolated === true)}
      >
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
        {backend === 'wasm' && (
          <Typography.Text type="secondary" data-testid="live-threads">
            {t('live.threads', { count: threads })}
          </Typography.Text>
        )}
      </Space>
      {status === 'idle' && human && (
        <Button type="primary" onClick={() => void start()}>
          {t('live.link')}
        </Button>
      )}
    </LabFrame>
  );
}
