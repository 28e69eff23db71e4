/**
 * The complete sound input a lab drops in: microphone choice, live level meter, "hold to record" (pointer or
 * Space), "record N seconds" with a countdown, and an audio-file upload. When the microphone fails, the
 * problem is explained with the upload still offered, so a student is never stuck.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Select, Space, Spin, Typography } from 'antd';
import { AudioOutlined, ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import { clipSeconds, type AudioClip } from '../../lib/microphone/audio-clip.ts';
import { startRecording, type Recording } from '../../lib/microphone/record-clip.ts';
import { useMicrophone } from '../../lib/microphone/use-microphone.ts';
import { AudioUploadButton } from './audio-upload-button.tsx';
import { LevelMeter } from './level-meter.tsx';
import { MicrophoneProblemPanel } from './microphone-problem-panel.tsx';
import { useMicrophoneTexts } from './texts.ts';
import './microphone.css';

export interface AudioRecorderProps {
  /** The longest clip handed over: a hold stops by itself there, a longer upload is cut to it. */
  maxSeconds: number;
  onClip: (clip: AudioClip) => void;
  /** Offer "Upload an audio file" (default true). */
  allowUpload?: boolean;
  /** Offer the "hold to record" button (default true). */
  holdToRecord?: boolean;
  /** Offer a "record N seconds" button with a countdown (off unless given). */
  timedSeconds?: number;
  /** Seconds counted down before a timed recording (default 3; 0 records at once). */
  countdownSeconds?: number;
  /** Open the microphone when the component appears (default true); else a button opens it. */
  autoStart?: boolean;
  /** A hold shorter than this is refused as an accidental tap (default 0.3 s). */
  minSeconds?: number;
  disabled?: boolean;
}

type Notice = { type: 'error' | 'info' | 'warning'; text: string };
type Phase = { kind: 'ready' } | { kind: 'countdown'; count: number } | { kind: 'recording'; hold: boolean };

/** The first `seconds` of a clip (an upload longer than the lab takes). */
function cutClip(clip: AudioClip, seconds: number): AudioClip {
  return { ...clip, samples: clip.samples.slice(0, Math.round(seconds * clip.sampleRate)) };
}

export function AudioRecorder({
  maxSeconds,
  onClip,
  allowUpload = true,
  holdToRecord = true,
  timedSeconds,
  countdownSeconds = 3,
  autoStart = true,
  minSeconds = 0.3,
  disabled,
}: AudioRecorderProps) {
  const t = useMicrophoneTexts();
  const mic = useMicrophone({ enabled: autoStart });
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const [elapsed, setElapsed] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const recording = useRef<Recording | null>(null);
  const countdownTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onClipRef = useRef(onClip);
  useEffect(() => {
    onClipRef.current = onClip;
  }, [onClip]);

  const finish = useCallback(
    (hold: boolean) => {
      const current = recording.current;
      if (!current) return;
      recording.current = null;
      const clip = current.stop();
      setPhase({ kind: 'ready' });
      setElapsed(0);
      if (hold && clipSeconds(clip) < minSeconds) {
        setNotice({ type: 'warning', text: t('tooShort') });
        return;
      }
      setNotice({ type: 'info', text: t('recorded', { seconds: clipSeconds(clip).toFixed(1) }) });
      onClipRef.current(clip);
    },
    [minSeconds, t],
  );

  const begin = useCallback(
    (hold: boolean, seconds: number) => {
      const { audioContext, source } = mic;
      if (!audioContext || !source || recording.current) return;
      // A click is a user gesture: a context the browser kept suspended may run now.
      void audioContext.resume().catch(() => undefined);
      setNotice(null);
      recording.current = startRecording(audioContext, source, {
        maxSeconds: seconds,
        onFull: () => finish(hold),
      });
      setPhase({ kind: 'recording', hold });
    },
    [mic, finish],
  );

  const cancelAll = useCallback(() => {
    if (countdownTimer.current) clearTimeout(countdownTimer.current);
    countdownTimer.current = null;
    recording.current?.cancel();
    recording.current = null;
  }, []);

  // Leaving the page, or the microphone going away, ends a recording in progress.
  useEffect(() => cancelAll, [cancelAll]);
  useEffect(() => {
    if (mic.status === 'live') return;
    cancelAll();
    const timer = setTimeout(() => setPhase({ kind: 'ready' }), 0);
    return () => clearTimeout(timer);
  }, [mic.status, cancelAll]);

  // The seconds shown while recording.
  useEffect(() => {
    if (phase.kind !== 'recording') return;
    const timer = setInterval(() => setElapsed(recording.current?.seconds() ?? 0), 100);
    return () => clearInterval(timer);
  }, [phase.kind]);

  const startTimed = () => {
    if (!timedSeconds || phase.kind !== 'ready') return;
    setNotice(null);
    const step = (count: number) => {
      if (count <= 0) {
        countdownTimer.current = null;
        begin(false, timedSeconds);
        return;
      }
      setPhase({ kind: 'countdown', count });
      countdownTimer.current = setTimeout(() => step(count - 1), 1000);
    };
    step(countdownSeconds);
  };

  const stopTimed = () => {
    if (phase.kind === 'countdown') {
      cancelAll();
      setPhase({ kind: 'ready' });
    } else finish(false);
  };

  const uploaded = (clip: AudioClip) => {
    if (clipSeconds(clip) > maxSeconds) {
      setNotice({ type: 'warning', text: t('upload.tooLong', { seconds: maxSeconds }) });
      onClipRef.current(cutClip(clip, maxSeconds));
      return;
    }
    setNotice(null);
    onClipRef.current(clip);
  };

  const upload = allowUpload ? (
    <AudioUploadButton
      onClip={uploaded}
      onError={(text) => setNotice({ type: 'error', text })}
      disabled={disabled || phase.kind !== 'ready'}
    />
  ) : null;

  const busy = phase.kind !== 'ready';
  const holding = phase.kind === 'recording' && phase.hold;
  const timing = phase.kind === 'countdown' || (phase.kind === 'recording' && !phase.hold);

  return (
    <div className="audio-recorder" data-testid="audio-recorder" data-status={mic.status}>
      {mic.status === 'error' && mic.problem ? (
        <MicrophoneProblemPanel problem={mic.problem} onRetry={() => void mic.start()}>
          {upload}
        </MicrophoneProblemPanel>
      ) : mic.status === 'idle' ? (
        <Space wrap>
          <Button
            type="primary"
            icon={<AudioOutlined />}
            onClick={() => void mic.start()}
            disabled={disabled}
          >
            {t('start')}
          </Button>
          {upload}
        </Space>
      ) : mic.status === 'starting' ? (
        <Space>
          <Spin size="small" />
          <Typography.Text>{t('starting')}</Typography.Text>
        </Space>
      ) : (
        <>
          <div className="audio-recorder-row">
            {mic.devices.length > 1 && (
              <Select
                aria-label={t('device')}
                data-testid="microphone-select"
                style={{ minWidth: 200, maxWidth: 320 }}
                value={mic.deviceId}
                disabled={busy}
                onChange={(id: string) => mic.setDeviceId(id)}
                options={mic.devices.map((d, i) => ({
                  value: d.deviceId,
                  label: d.label || `${t('device')} ${i + 1}`,
                }))}
              />
            )}
            <LevelMeter level={mic.level} />
          </div>
          <div className="audio-recorder-row">
            {holdToRecord && (
              <Button
                type="primary"
                danger={holding}
                icon={<AudioOutlined />}
                className="audio-recorder-hold"
                data-testid="hold-to-record"
                aria-pressed={holding}
                disabled={disabled || (busy && !holding)}
                onPointerDown={(event) => {
                  if (event.button !== 0) return;
                  event.currentTarget.setPointerCapture(event.pointerId);
                  begin(true, maxSeconds);
                }}
                onPointerUp={() => finish(true)}
                onPointerCancel={() => finish(true)}
                onKeyDown={(event) => {
                  if (event.key !== ' ') return;
                  event.preventDefault();
                  if (!event.repeat) begin(true, maxSeconds);
                }}
                onKeyUp={(event) => {
                  if (event.key !== ' ') return;
                  event.preventDefault();
                  finish(true);
                }}
                // A long press on a touch screen must not open the context menu.
                onContextMenu={(event) => event.preventDefault()}
              >
                {holding ? t('recording', { seconds: elapsed.toFixed(1) }) : t('hold')}
              </Button>
            )}
            {timedSeconds !== undefined &&
              (timing ? (
                <Button danger icon={<StopOutlined />} onClick={stopTimed} data-testid="timed-record">
                  {phase.kind === 'countdown'
                    ? t('countdown', { count: phase.count })
                    : t('recording', { seconds: elapsed.toFixed(1) })}
                </Button>
              ) : (
                <Button
                  icon={<ClockCircleOutlined />}
                  onClick={startTimed}
                  disabled={disabled || busy}
                  data-testid="timed-record"
                >
                  {t('timed', { seconds: timedSeconds })}
                </Button>
              ))}
            {upload}
          </div>
          {holdToRecord && (
            <Typography.Text type="secondary" className="audio-recorder-hint">
              {t('holdHint')}
            </Typography.Text>
          )}
        </>
      )}
      {notice && (
        <Alert type={notice.type} showIcon message={notice.text} data-testid="audio-recorder-message" />
      )}
    </div>
  );
}
