/**
 * Speech recognition (voiceIdentify): record (≤ 60 s) or upload speech, see its waveform and spectrogram,
 * then recognise it — fully through the school's cloud speech provider (paid, `createRecTask` then polling
 * `describeTaskStatus`), or offline with the few command words a class taught in the trainAudio lab.
 */
import { useState } from 'react';
import { Card, Tabs, Typography } from 'antd';
import { SPEECH_MAX_SECONDS, type SpeechSegment } from '@ai-edu/contract';
import { SoundView } from '../../components/audio/sound-view.tsx';
import { LabFrame } from '../../components/lab-frame.tsx';
import { AudioRecorder } from '../../components/microphone/audio-recorder.tsx';
import { clipSeconds, type AudioClip } from '../../lib/microphone/audio-clip.ts';
import { CloudRecognition } from './cloud-recognition.tsx';
import { CommandWords } from './command-words.tsx';
import { SLUG, useTexts } from './use-texts.ts';
import './voice-identify.css';

export default function VoiceIdentifyLab() {
  const { t } = useTexts();
  const [clip, setClip] = useState<AudioClip | null>(null);
  const [segments, setSegments] = useState<SpeechSegment[]>([]);
  /** A new recording starts the recognition panel afresh (its last result belonged to the old one). */
  const [clipVersion, setClipVersion] = useState(0);

  const onClip = (next: AudioClip) => {
    setClip(next);
    setSegments([]);
    setClipVersion((v) => v + 1);
  };

  return (
    <LabFrame slug={SLUG} tip={t('tip')} className="vi-lab">
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Tabs
        items={[
          {
            key: 'cloud',
            label: t('tabs.cloud'),
            children: (
              <div className="vi-cloud-tab">
                <Card title={t('recordTitle')} size="small">
                  <AudioRecorder
                    maxSeconds={SPEECH_MAX_SECONDS}
                    onClip={onClip}
                    allowUpload
                    autoStart={false}
                  />
                  {clip ? (
                    <div className="vi-clip" data-testid="vi-clip">
                      <Typography.Text type="secondary">
                        {t('clipInfo', { seconds: clipSeconds(clip).toFixed(1) })}
                      </Typography.Text>
                      <SoundView samples={clip.samples} sampleRate={clip.sampleRate} segments={segments} />
                    </div>
                  ) : (
                    <Typography.Paragraph type="secondary">{t('noClip')}</Typography.Paragraph>
                  )}
                </Card>
                <CloudRecognition key={clipVersion} clip={clip} onSegments={setSegments} />
              </div>
            ),
          },
          { key: 'offline', label: t('tabs.offline'), children: <CommandWords /> },
        ]}
      />
    </LabFrame>
  );
}
