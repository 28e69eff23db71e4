/**
 * A button that opens the file chooser for audio and decodes the chosen file (decodeAudioFile: type read
 * from the bytes, ≤ 20 MB, mixed to mono). Errors go to `onError` already translated.
 */
import { useRef, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AudioClip } from '../../lib/microphone/audio-clip.ts';
import { AudioFileError, decodeAudioFile } from '../../lib/microphone/decode-audio-file.ts';
import { audioInvalidText, useMicrophoneTexts } from './texts.ts';

export interface AudioUploadButtonProps {
  onClip: (clip: AudioClip) => void;
  onError: (message: string) => void;
  disabled?: boolean;
  type?: 'primary' | 'default';
}

/** What the page says about a refused file. */
export function useAudioFileErrorText(): (error: unknown) => string {
  const t = useMicrophoneTexts();
  const { i18n } = useTranslation();
  return (error) =>
    error instanceof AudioFileError && error.problem === 'tooLarge'
      ? t('upload.tooLarge')
      : audioInvalidText(i18n.language);
}

export function AudioUploadButton({ onClip, onError, disabled, type = 'default' }: AudioUploadButtonProps) {
  const t = useMicrophoneTexts();
  const errorText = useAudioFileErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  return (
    <>
      <input
        ref={input}
        type="file"
        // A hint for the chooser only: the bytes decide (a renamed text file is refused).
        accept="audio/*,.wav,.mp3,.ogg,.oga,.webm"
        hidden
        data-testid="audio-upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again fires a change.
          event.target.value = '';
          if (!file) return;
          setReading(true);
          decodeAudioFile(file)
            .then(onClip, (error: unknown) => {
              console.warn('audio file refused', error);
              onError(errorText(error));
            })
            .finally(() => setReading(false));
        }}
      />
      <Button
        type={type}
        icon={<UploadOutlined />}
        loading={reading}
        disabled={disabled}
        onClick={() => input.current?.click()}
        data-testid="audio-upload-button"
      >
        {reading ? t('upload.reading') : t('upload.button')}
      </Button>
    </>
  );
}
