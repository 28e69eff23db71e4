import { Alert, Button, Card, Input, Space, Tag, Typography } from 'antd';
import { AudioOutlined, DeleteOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { AudioRecorder } from '../../components/microphone/audio-recorder.tsx';
import { AudioUploadButton } from '../../components/microphone/audio-upload-button.tsx';
import type { AudioClip } from '../../lib/microphone/audio-clip.ts';
import { BACKGROUND_SECONDS, clipToSamples, MAX_SAMPLES, MIN_SAMPLES, type SoundClass } from './project.ts';
import { SampleThumb } from './sample-thumb.tsx';
import { useTexts } from './use-texts.ts';

export interface ClassCardProps {
  soundClass: SoundClass;
  index: number;
  recording: boolean;
  onRecord: (open: boolean) => void;
  onChange: (next: SoundClass) => void;
  onRemove?: () => void;
  disabled?: boolean;
}

/** One class: its name, its samples as spectrogram thumbnails, and the ways to add more. */
export function ClassCard({
  soundClass,
  index,
  recording,
  onRecord,
  onChange,
  onRemove,
  disabled,
}: ClassCardProps) {
  const { t } = useTexts();
  const [notice, setNotice] = useState<{ type: 'info' | 'error' | 'warning'; text: string } | null>(null);
  const { name, samples, background } = soundClass;
  const missing = Math.max(0, MIN_SAMPLES - samples.length);

  const addClip = (clip: AudioClip) => {
    const pieces = clipToSamples(clip.samples, clip.sampleRate);
    if (pieces.length === 0) {
      setNotice({ type: 'warning', text: t('classes.tooShort') });
      return;
    }
    const room = MAX_SAMPLES - samples.length;
    if (room <= 0) {
      setNotice({ type: 'warning', text: t('classes.full', { max: MAX_SAMPLES }) });
      return;
    }
    const added = pieces.slice(0, room);
    onChange({ ...soundClass, samples: [...samples, ...added] });
    setNotice({ type: 'info', text: t('classes.added', { count: added.length, name }) });
  };

  return (
    <Card
      size="small"
      className="train-audio-class"
      data-testid={`sound-class-${index}`}
      title={
        <Input
          aria-label={t('classes.nameAria', { n: index + 1 })}
          value={name}
          maxLength={40}
          disabled={disabled}
          onChange={(event) => onChange({ ...soundClass, name: event.target.value })}
        />
      }
      extra={
        <Space>
          <Tag color={missing ? 'orange' : 'green'} data-testid="sample-count">
            {t('classes.count', { count: samples.length })}
            {missing ? ` · ${t('classes.needMore', { count: missing })}` : ''}
          </Tag>
          {onRemove && (
            <Button
              type="text"
              aria-label={t('classes.remove')}
              icon={<DeleteOutlined />}
              onClick={onRemove}
              disabled={disabled}
            />
          )}
        </Space>
      }
    >
      {background && (
        <Typography.Paragraph type="secondary">{t('classes.backgroundWhy')}</Typography.Paragraph>
      )}
      {samples.length > 0 && (
        <ul className="train-audio-thumbs">
          {samples.map((sample, i) => (
            <SampleThumb
              key={sample.id}
              sample={sample}
              label={t('classes.sampleAria', { n: i + 1, name })}
              deleteLabel={t('classes.deleteSample', { n: i + 1 })}
              onDelete={() => onChange({ ...soundClass, samples: samples.filter((s) => s.id !== sample.id) })}
            />
          ))}
        </ul>
      )}
      <Space wrap>
        <Button
          icon={<AudioOutlined />}
          type={recording ? 'default' : 'primary'}
          onClick={() => onRecord(!recording)}
          disabled={disabled}
        >
          {recording ? t('classes.closeRecorder') : t('classes.record')}
        </Button>
        <AudioUploadButton
          onClip={addClip}
          onError={(text) => setNotice({ type: 'error', text })}
          disabled={disabled}
        />
      </Space>
      {recording && (
        <div className="train-audio-recorder">
          <Typography.Paragraph type="secondary">
            {background ? t('classes.recordBackground') : t('classes.recordHint')}
          </Typography.Paragraph>
          <AudioRecorder
            maxSeconds={background ? BACKGROUND_SECONDS : 10}
            timedSeconds={background ? BACKGROUND_SECONDS : 1}
            countdownSeconds={background ? 3 : 0}
            allowUpload={false}
            onClip={addClip}
            disabled={disabled}
          />
        </div>
      )}
      {notice && <Alert className="train-audio-notice" type={notice.type} showIcon message={notice.text} />}
    </Card>
  );
}
