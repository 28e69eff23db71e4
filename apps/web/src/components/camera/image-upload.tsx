/**
 * The validated image reader (spec §5) and an upload button built on it. Files are decoded in the browser
 * from an object URL: nothing is uploaded anywhere.
 */
import { useRef } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { cameraText, useCameraTexts } from './texts.ts';

/** The error an invalid or unreadable file gives; `message` is the spec's translated text. */
export class ImageFileError extends Error {
  constructor(
    readonly reason: 'notImage' | 'readFailed',
    message: string,
  ) {
    super(message);
    this.name = 'ImageFileError';
  }
}

export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

/**
 * Reads an image file into a decoded <img>. Rejects with 'please choose a valid image file' for a
 * non-image type and 'file read failed, please retry' when the bytes cannot be read or decoded.
 */
export function readImageFile(file: File): Promise<HTMLImageElement> {
  if (!isImageFile(file)) {
    return Promise.reject(new ImageFileError('notImage', cameraText('upload.notImage')));
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  return image.decode().then(
    () => {
      // The decoded pixels stay with the element; the URL is no longer needed.
      URL.revokeObjectURL(url);
      return image;
    },
    () => {
      URL.revokeObjectURL(url);
      throw new ImageFileError('readFailed', cameraText('upload.readFailed'));
    },
  );
}

export interface ImageUploadButtonProps {
  onFile: (file: File) => void;
  disabled?: boolean;
  label?: string;
  type?: 'primary' | 'default';
}

/** A button that opens the file chooser for images; the page validates with readImageFile. */
export function ImageUploadButton({ onFile, disabled, label, type = 'default' }: ImageUploadButtonProps) {
  const t = useCameraTexts();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="image-upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        type={type}
        icon={<UploadOutlined />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label ?? t('upload.button')}
      </Button>
    </>
  );
}
