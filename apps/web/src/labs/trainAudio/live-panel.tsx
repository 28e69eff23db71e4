import { useEffect, useRef, useState } from 'react';
import { Button, Card, Slider, Space, Typography } from 'antd';
import { AudioOutlined, StopOutlined } from '@ant-design/icons';
import { soundFeatures } from '@ai-edu/ml/audio/features.ts';
import { LiveSoundView } from '../../components/audio/live-sound-view.tsx';
import { MicrophoneProblemPanel } from '../../components/microphone/microphone-problem-panel.tsx';
import { PredictionBars } from '../../features/trainer/components/prediction-bars.tsx';
import {
  startLiveRecognition,
  type SoundModel,
  type SoundPrediction,
} from '../../features/sound-classifier/index.ts';
import { useMicrophone } from '../../lib/microphone/use-microphone.ts';
import { drawFeatures } from './feature-picture.ts';
import { useTexts } from './use-texts.ts';

/** Live prediction from the microphone, its confidence bars and what the model sees. */
export function LivePanel({ model }: { model: SoundModel | null }) {
  const { t } = useTexts();
  const [listening, setListening] = useState(false);
  const [overlap, setOverlap] = useState(0.5);
  const [prediction, setPrediction] = useState<SoundPrediction | null>(null);
  const mic = useMicrophone({ enabled: listening && model !== null });
  const picture = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!listening || !model || !mic.analyser) return;
    void mic.audioContext?.resume().catch(() => undefined);
    return startLiveRecognition({
      analyser: mic.analyser,
      model,
      overlap,
      onPrediction: (next, window) => {
        setPrediction(next);
        if (picture.current)
          drawFeatures(picture.current, soundFeatures(window.samples, window.sampleRate).db);
      },
    });
  }, [listening, model, mic.analyser, mic.audioContext, overlap]);

  // A new model: the old bars belong to the old classes.
  useEffect(() => {
    const timer = setTimeout(() => setPrediction(null), 0);
    return () => clearTimeout(timer);
  }, [model]);

  return (
    <Card title={t('live.title')} className="train-audio-live" data-testid="live-panel">
      {!model ? (
        <Typography.Text type="secondary">{t('live.needModel')}</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Button
              type={listening ? 'default' : 'primary'}
              icon={listening ? <StopOutlined /> : <AudioOutlined />}
              onClick={() => setListening(!listening)}
            >
              {listening ? t('live.stop') : t('live.start')}
            </Button>
            <span className="train-audio-overlap">
              <Typography.Text>{t('live.overlap')}</Typography.Text>
              <Slider
                aria-label={t('live.overlap')}
                min={0}
                max={0.75}
                step={0.25}
                value={overlap}
                onChange={setOverlap}
                tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)} %` }}
                style={{ width: 160 }}
              />
            </span>
          </Space>
          <Typography.Paragraph type="secondary">{t('live.overlapHint')}</Typography.Paragraph>
          {listening && mic.status === 'error' && mic.problem && (
            <MicrophoneProblemPanel problem={mic.problem} onRetry={() => void mic.start()} />
          )}
          {prediction && (
            <>
              <Typography.Title level={4} data-testid="live-top-class">
                {t('live.top', { name: prediction.label })}
              </Typography.Title>
              <PredictionBars
                labels={model.labels}
                probabilities={prediction.probabilities}
                caption={t('live.caption')}
              />
            </>
          )}
          <Card size="small" type="inner" title={t('hood.title')}>
            <Typography.Paragraph>{t('hood.explain')}</Typography.Paragraph>
            <div className="train-audio-hood">
              <canvas ref={picture} className="train-audio-hood-picture" aria-label={t('hood.title')} />
              {listening && mic.analyser && (
                <LiveSoundView analyser={mic.analyser} height={120} hideExplanation />
              )}
            </div>
            <Typography.Paragraph type="secondary">{t('hood.features')}</Typography.Paragraph>
            {model.kind === 'fast' && (
              <Typography.Paragraph type="secondary">{t('hood.fast')}</Typography.Paragraph>
            )}
          </Card>
        </Space>
      )}
    </Card>
  );
}
