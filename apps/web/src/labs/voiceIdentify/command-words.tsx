/**
 * The offline mode, always available: open a project or model from the trainAudio lab and recognise its
 * few command words live from the microphone, in the browser (features/sound-classifier). Explains why
 * that is not full speech recognition.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Progress, Space, Typography, Upload } from 'antd';
import { AudioOutlined, FolderOpenOutlined, PauseOutlined } from '@ant-design/icons';
import {
  loadSoundModel,
  startLiveRecognition,
  type SoundModel,
  type SoundPrediction,
} from '../../features/sound-classifier/index.ts';
import { MicrophoneProblemPanel } from '../../components/microphone/microphone-problem-panel.tsx';
import { useMicrophone } from '../../lib/microphone/use-microphone.ts';
import { visionTf } from '../../lib/vision/human.ts';
import { useTexts } from './use-texts.ts';

export function CommandWords() {
  const { t } = useTexts();
  const [model, setModel] = useState<SoundModel | null>(null);
  const [loading, setLoading] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [listening, setListening] = useState(false);
  const [prediction, setPrediction] = useState<SoundPrediction | null>(null);
  const mic = useMicrophone({ enabled: listening });
  const stopRef = useRef<(() => void) | null>(null);

  // Start the sliding window once the microphone is live; stop it (and the mic) when listening ends.
  useEffect(() => {
    if (!listening || !model || !mic.analyser) return;
    const stop = startLiveRecognition({
      analyser: mic.analyser,
      model,
      overlap: 0.5,
      onPrediction: setPrediction,
    });
    stopRef.current = stop;
    return () => {
      stop();
      stopRef.current = null;
    };
  }, [listening, model, mic.analyser]);
  // The model's memory (a CNN's tensors) goes with it.
  useEffect(() => () => model?.dispose(), [model]);

  const open = (file: File) => {
    setLoading(true);
    setFileProblem(null);
    setListening(false);
    loadSoundModel(file, visionTf)
      .then((loaded) => {
        setModel(loaded);
        setPrediction(null);
      })
      .catch((error: unknown) => setFileProblem(error instanceof Error ? error.message : String(error)))
      .finally(() => setLoading(false));
    return false;
  };

  return (
    <section className="vi-offline" data-testid="vi-offline">
      <Typography.Paragraph>{t('offline.intro')}</Typography.Paragraph>
      <Alert type="info" showIcon message={t('offline.difference')} className="vi-difference" />
      <Space wrap className="vi-offline-actions">
        <Upload
          accept=".json,.zip,application/json,application/zip"
          showUploadList={false}
          beforeUpload={open}
        >
          <Button icon={<FolderOpenOutlined />} loading={loading}>
            {loading ? t('offline.loading') : t('offline.open')}
          </Button>
        </Upload>
        <Button
          type="primary"
          icon={listening ? <PauseOutlined /> : <AudioOutlined />}
          disabled={!model}
          onClick={() => setListening((on) => !on)}
        >
          {listening ? t('offline.stop') : t('offline.start')}
        </Button>
      </Space>
      {fileProblem && (
        <Alert type="error" showIcon message={t('offline.fileProblem', { message: fileProblem })} />
      )}
      {!model && !fileProblem && (
        <Typography.Paragraph type="secondary">{t('offline.needModel')}</Typography.Paragraph>
      )}
      {model && (
        <Typography.Paragraph data-testid="vi-model-loaded">
          {t('offline.loaded', {
            count: model.labels.length,
            labels: model.labels.join(', '),
            kind: model.kind === 'cnn' ? t('offline.kindCnn') : t('offline.kindFast'),
          })}
        </Typography.Paragraph>
      )}
      {listening && mic.status === 'error' && mic.problem && (
        <MicrophoneProblemPanel problem={mic.problem} onRetry={() => void mic.start()} />
      )}
      {model && prediction && (
        <div className="vi-live" aria-live="polite">
          <Typography.Title level={4} data-testid="vi-heard">
            {t('offline.heard')}: {prediction.label}
          </Typography.Title>
          <Typography.Text type="secondary">{t('offline.confidence')}</Typography.Text>
          {model.labels.map((label, i) => (
            <div key={label} className="vi-bar">
              <span className="vi-bar-label">{label}</span>
              <Progress percent={Math.round((prediction.probabilities[i] ?? 0) * 100)} size="small" />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
