/** Explains why the microphone is not working and how to fix it; `children` offers the way around (upload). */
import type { ReactNode } from 'react';
import { Button, Result, Space, Typography } from 'antd';
import { AudioMutedOutlined, LockOutlined, WarningOutlined, SafetyOutlined } from '@ant-design/icons';
import type { MicrophoneProblem } from '../../lib/microphone/microphone-core.ts';
import { InsecureOriginNotice } from '../secure-origin/insecure-origin-notice.tsx';
import { useMicrophoneTexts } from './texts.ts';

export interface MicrophoneProblemPanelProps {
  problem: MicrophoneProblem;
  onRetry: () => void;
  /** Shown under "You can also work with an audio file instead:" (e.g. an AudioUploadButton). */
  children?: ReactNode;
}

const ICONS: Record<MicrophoneProblem, ReactNode> = {
  denied: <LockOutlined />,
  missing: <AudioMutedOutlined />,
  busy: <WarningOutlined />,
  insecure: <SafetyOutlined />,
  unknown: <WarningOutlined />,
};

export function MicrophoneProblemPanel({ problem, onRetry, children }: MicrophoneProblemPanelProps) {
  const t = useMicrophoneTexts();
  if (problem === 'insecure') {
    return (
      <InsecureOriginNotice feature="microphone">
        {children && (
          <>
            <Typography.Text type="secondary">{t('problem.orUpload')}</Typography.Text>
            {children}
          </>
        )}
      </InsecureOriginNotice>
    );
  }
  return (
    <Result
      className="microphone-problem"
      data-testid="microphone-problem"
      data-problem={problem}
      status="warning"
      icon={ICONS[problem]}
      title={t(`problem.${problem}Title`)}
      subTitle={t(`problem.${problem}Text`)}
      extra={
        <Space orientation="vertical" align="center">
          <Button type="primary" onClick={onRetry} data-testid="microphone-retry">
            {t('problem.retry')}
          </Button>
          {children && (
            <>
              <Typography.Text type="secondary">{t('problem.orUpload')}</Typography.Text>
              {children}
            </>
          )}
        </Space>
      }
    />
  );
}
