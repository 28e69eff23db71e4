/** Explains a camera that is blocked, missing or failing, how to fix it, and offers a photo instead. */
import { Button, Result, Space, Typography } from 'antd';
import { CameraOutlined, LockOutlined, WarningOutlined } from '@ant-design/icons';
import type { CameraStatus } from '../../lib/camera/use-camera.ts';
import { InsecureOriginNotice } from '../secure-origin/insecure-origin-notice.tsx';
import { ImageUploadButton } from './image-upload.tsx';
import { useCameraTexts } from './texts.ts';

export interface CameraProblemProps {
  status: CameraStatus;
  onRetry: () => void;
  /** When the lab can work from a photo: shows an upload button. */
  onUpload?: (file: File) => void;
}

/** Renders nothing unless the status is 'insecure', 'denied', 'missing' or 'error'. */
export function CameraProblem({ status, onRetry, onUpload }: CameraProblemProps) {
  const t = useCameraTexts();
  if (status === 'insecure') {
    // No retry: nothing on this page can change it; the photo upload still works.
    return (
      <InsecureOriginNotice feature="camera">
        {onUpload && (
          <>
            <Typography.Text type="secondary">{t('problem.orUpload')}</Typography.Text>
            <ImageUploadButton onFile={onUpload} />
          </>
        )}
      </InsecureOriginNotice>
    );
  }
  if (status !== 'denied' && status !== 'missing' && status !== 'error') return null;
  const icon =
    status === 'denied' ? <LockOutlined /> : status === 'missing' ? <CameraOutlined /> : <WarningOutlined />;
  return (
    <Result
      className="camera-problem"
      data-testid="camera-problem"
      status="warning"
      icon={icon}
      title={t(`problem.${status}Title`)}
      subTitle={t(`problem.${status}Text`)}
      extra={
        <Space orientation="vertical" align="center">
          <Button type="primary" onClick={onRetry}>
            {t('problem.retry')}
          </Button>
          {onUpload && (
            <>
              <Typography.Text type="secondary">{t('problem.orUpload')}</Typography.Text>
              <ImageUploadButton onFile={onUpload} />
            </>
          )}
        </Space>
      }
    />
  );
}

/** The privacy line every camera page shows. */
export function OnDeviceNotice() {
  const t = useCameraTexts();
  return (
    <Typography.Paragraph type="secondary" className="on-device-notice" data-testid="on-device-notice">
      {t('privacy')}
    </Typography.Paragraph>
  );
}
