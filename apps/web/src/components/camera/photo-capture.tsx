/**
 * Takes one photo with the shared camera module (a live preview and a button): the reading labs photograph a
 * page with it. Prefers the back camera on a phone or tablet; a camera problem offers an upload instead.
 */
import { Button, Space } from 'antd';
import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { videoFrame } from '../../lib/camera/camera.ts';
import { useCamera } from '../../lib/camera/use-camera.ts';
import { CameraProblem } from './camera-problem.tsx';
import './photo-capture.css';

export interface PhotoCaptureProps {
  /** The frame at the moment the button was pressed, at the camera's full resolution. */
  onPhoto: (photo: HTMLCanvasElement) => void;
  /** A file chosen instead, from the camera-problem message. */
  onUpload: (file: File) => void;
  onClose: () => void;
  takeLabel: string;
  closeLabel: string;
}

export function PhotoCapture({ onPhoto, onUpload, onClose, takeLabel, closeLabel }: PhotoCaptureProps) {
  // 4:3 like a page; the browser picks the nearest size the camera has.
  const { videoRef, status, start } = useCamera({
    autoStart: true,
    width: 1280,
    height: 960,
    facingMode: 'environment',
  });
  const take = () => {
    const canvas = videoFrame(videoRef.current);
    if (canvas) onPhoto(canvas);
  };
  return (
    <div className="photo-capture">
      <CameraProblem status={status} onRetry={() => void start()} onUpload={onUpload} />
      <video ref={videoRef} muted playsInline hidden={status !== 'live'} className="photo-capture-video" />
      <Space>
        <Button type="primary" icon={<CameraOutlined />} disabled={status !== 'live'} onClick={take}>
          {takeLabel}
        </Button>
        <Button icon={<CloseOutlined />} onClick={onClose}>
          {closeLabel}
        </Button>
      </Space>
    </div>
  );
}
