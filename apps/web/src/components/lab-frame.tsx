import { createContext, createElement, use, type ComponentType, type ReactNode } from 'react';
import { Tag } from 'antd';
import { AudioOutlined, CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LabSlug } from '@ai-edu/contract';
import { paths } from '../config/paths.ts';
import { findLab } from '../labs/registry.ts';
import { PageFrame, type PageFrameProps } from './page-frame.tsx';

/**
 * A line the app puts under every lab's header (a student's class credits left today, issue 16). A slot
 * filled by the lab page, because shared components and labs never import features.
 */
export const LabFrameNotice = createContext<ComponentType<{ slug: LabSlug }> | null>(null);

export interface LabFrameProps extends Omit<PageFrameProps, 'title'> {
  /** The lab this page belongs to: its registry title is the default heading. */
  slug: LabSlug;
  /** Overrides the registry title. */
  title?: ReactNode;
}

/**
 * The page frame every lab page uses: 'back' to the lab index, the lab's title, the devices it needs, and
 * the shared loading overlay and tip line.
 */
export function LabFrame({ slug, title, backTo = paths.aiLab, extra, progress, ...props }: LabFrameProps) {
  const { t } = useTranslation();
  const lab = findLab(slug);
  const notice = use(LabFrameNotice);
  const devices = lab && (lab.camera || lab.microphone) && (
    <span className="lab-frame-devices">
      {lab.camera && (
        <Tag icon={<CameraOutlined />} color="blue" variant="filled">
          {t('lab.camera')}
        </Tag>
      )}
      {lab.microphone && (
        <Tag icon={<AudioOutlined />} color="purple" variant="filled">
          {t('lab.microphone')}
        </Tag>
      )}
    </span>
  );
  return (
    <PageFrame
      {...props}
      className={['lab-frame', props.className].filter(Boolean).join(' ')}
      backTo={backTo}
      progress={
        notice ? (
          <>
            {createElement(notice, { slug })}
            {progress}
          </>
        ) : (
          progress
        )
      }
      title={title ?? (lab ? t(lab.titleKey) : undefined)}
      extra={
        devices || extra ? (
          <>
            {devices}
            {extra}
          </>
        ) : undefined
      }
    />
  );
}
