/**
 * The real-face check lab: the anti-spoofing and liveness models' scores live on the camera image, and an
 * active challenge (blink, turn left, turn right in a random order) checked from the face mesh with the
 * pure geometry of packages/ml/src/face/liveness.ts. A photo can be checked by the passive models only.
 */
import { useCallback, useRef, useState } from 'react';
import { Alert, Card, Progress, Space, Typography } from 'antd';
import {
  challengeDone,
  measureMesh,
  startChallenge,
  stepChallenge,
  type ChallengeState,
  type FrameMeasure,
} from '@ai-edu/ml/face/liveness.ts';
import { CameraProblem, OnDeviceNotice } from '../../components/camera/camera-problem.tsx';
import { readImageFile } from '../../components/camera/image-upload.tsx';
import { DownloadProgress } from '../../components/download-progress.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { useCamera } from '../../lib/camera/use-camera.ts';
import { drawFaces, drawSource } from '../../lib/vision/draw.ts';
import { coverTransform } from '../../lib/vision/geometry.ts';
import type { Result } from '../../lib/vision/human.ts';
import { useDetectionLoop } from '../../lib/vision/use-detection-loop.ts';
import { backendLabel, useHuman } from '../../lib/vision/use-human.ts';
import { ChallengeCard } from './components/challenge-card.tsx';
import { LearnSection } from './components/learn-section.tsx';
import { CHALLENGE_STEPS, PASS_SCORE, SLUG, VIEW_WIDTH } from './meta.ts';
import { useTexts } from './use-texts.ts';
import './face-real-check.css';

/** Mesh for the challenge, the two passive models refreshed every second; nothing else. */
const CHECK_CONFIG = {
  face: {
    detector: { maxDetected: 1 },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: true, skipTime: 1000 },
    liveness: { enabled: true, skipTime: 1000 },
  },
};

const VIEW_HEIGHT = (VIEW_WIDTH * 3) / 4;

interface Live {
  face: boolean;
  real: number;
  live: number;
  measure: FrameMeasure;
  /** Frames analysed so far (for people: how long the check has been watching). */
  frames: number;
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const pct = (value: number) => Math.round(value * 100);

export default function FaceRealCheckLab() {
  const { t } = useTexts();
  const { human, backend, error, downloads } = useHuman(CHECK_CONFIG);
  const { videoRef, status, start } = useCamera({ autoStart: true });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [live, setLive] = useState<Live | null>(null);
  const [challenge, setChallenge] = useState<ChallengeState | null>(null);
  const [photoText, setPhotoText] = useState<string | null>(null);

  const detect = useCallback(
    (frame: HTMLCanvasElement): Promise<Result> =>
      human ? human.detect(frame) : Promise.reject(new Error('models not loaded')),
    [human],
  );

  useDetectionLoop({
    videoRef,
    active: human !== null && status === 'live',
    detect,
    onResult: (result, stats, frame) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return;
      const cover = coverTransform(frame.width, frame.height, canvas.width, canvas.height);
      drawSource(ctx, frame, cover);
      drawFaces(ctx, result.face, cover);
      const face = result.face[0];
      const measure = face ? measureMesh(face.mesh) : { ear: 0, yaw: 0 };
      setLive({
        face: face !== undefined,
        real: face?.real ?? 0,
        live: face?.live ?? 0,
        measure,
        frames: stats.frames,
      });
      if (face) setChallenge((c) => (c ? stepChallenge(c, measure) : c));
    },
    onError: (e) => console.error('face check failed', e),
  });

  const checkPhoto = useCallback(
    async (file: File) => {
      setPhotoText(null);
      try {
        const image = await readImageFile(file);
        if (!human) return;
        const face = (await human.detect(image)).face[0];
        setPhotoText(
          face
            ? t('photo.result', { real: `${pct(face.real ?? 0)} %`, live: `${pct(face.live ?? 0)} %` })
            : t('photo.noFace'),
        );
      } catch (e) {
        setPhotoText(e instanceof Error ? e.message : String(e));
      }
    },
    [human, t],
  );

  const passed = challenge !== null && challengeDone(challenge);
  const trusted = passed && live !== null && live.real >= PASS_SCORE && live.live >= PASS_SCORE;

  return (
    <LabFrame
      slug={SLUG}
      tip={t('tip')}
      loading={!human && !error}
      progress={<DownloadProgress source={downloads} />}
    >
      <OnDeviceNotice />
      {error !== null && <Alert type="error" showIcon message={t('loadFailed')} />}
      <CameraProblem
        status={status}
        onRetry={() => void start()}
        onUpload={(file) => void checkPhoto(file)}
      />
      {photoText && <Alert type="info" showIcon message={photoText} data-testid="photo-result" />}
      <div className="frc-layout">
        <div className="frc-view">
          <video ref={videoRef} className="frc-hidden-video" muted playsInline />
          {/* Mirrored like a selfie: turning to your left moves the picture to the left. */}
          <canvas
            ref={canvasRef}
            width={VIEW_WIDTH}
            height={VIEW_HEIGHT}
            className="frc-canvas"
            role="img"
            aria-label={t('canvasAria')}
            hidden={status !== 'live'}
          />
          <Typography.Text type="secondary">
            {t('backend', { backend: backendLabel(backend) })}
          </Typography.Text>
        </div>
        <Space orientation="vertical" className="frc-side">
          <Card
            title={t('scores.title')}
            size="small"
            data-testid="scores"
            data-face={live?.face ? 'yes' : 'no'}
            data-real={live?.real ?? ''}
            data-live={live?.live ?? ''}
            data-frames={live?.frames ?? 0}
          >
            {live && !live.face && <Typography.Text type="warning">{t('noFace')}</Typography.Text>}
            <Typography.Text strong>{t('scores.real')}</Typography.Text>
            <Progress
              percent={pct(live?.real ?? 0)}
              status={live && live.real < PASS_SCORE ? 'exception' : 'normal'}
            />
            <Typography.Paragraph type="secondary">{t('scores.realHint')}</Typography.Paragraph>
            <Typography.Text strong>{t('scores.live')}</Typography.Text>
            <Progress
              percent={pct(live?.live ?? 0)}
              status={live && live.live < PASS_SCORE ? 'exception' : 'normal'}
            />
            <Typography.Paragraph type="secondary">{t('scores.liveHint')}</Typography.Paragraph>
            <Typography.Text data-testid="measure-ear">
              {t('scores.ear', { value: (live?.measure.ear ?? 0).toFixed(2) })}
            </Typography.Text>
            <br />
            <Typography.Text data-testid="measure-yaw">
              {t('scores.yaw', { value: (live?.measure.yaw ?? 0).toFixed(2) })}
            </Typography.Text>
          </Card>
          <ChallengeCard
            challenge={challenge}
            canStart={human !== null && status === 'live'}
            onStart={() => setChallenge(startChallenge(shuffled(CHALLENGE_STEPS)))}
          />
          {passed && (
            <Alert
              type={trusted ? 'success' : 'warning'}
              showIcon
              message={trusted ? t('verdict.live') : t('verdict.doubt')}
            />
          )}
        </Space>
      </div>
      <LearnSection />
    </LabFrame>
  );
}
