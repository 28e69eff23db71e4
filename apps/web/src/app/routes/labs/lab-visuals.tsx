import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  ExperimentOutlined,
  EyeOutlined,
  FunctionOutlined,
  MessageOutlined,
  RocketOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import type { LabCategory } from '@ai-edu/contract';

/** Each category's icon and colours, shared by the lab index cards and the lab pages' headers. */
export const CATEGORY_VISUALS: Record<LabCategory, { icon: ReactNode; from: string; to: string }> = {
  see: { icon: <EyeOutlined />, from: '#4f6bff', to: '#27c2ff' },
  hear: { icon: <SoundOutlined />, from: '#8a4dff', to: '#d16bff' },
  read: { icon: <MessageOutlined />, from: '#1fb57a', to: '#63d9a8' },
  create: { icon: <BgColorsOutlined />, from: '#ff6b8b', to: '#ffa26b' },
  train: { icon: <ExperimentOutlined />, from: '#f08c00', to: '#ffc53d' },
  how: { icon: <FunctionOutlined />, from: '#2f54eb', to: '#8a4dff' },
  games: { icon: <RocketOutlined />, from: '#13a8a8', to: '#52c41a' },
};

export const ALL_CATEGORIES_ICON = <AppstoreOutlined />;

export function LabIcon({ category, size = 48 }: { category: LabCategory; size?: number }) {
  const visual = CATEGORY_VISUALS[category];
  return (
    <span
      className="lab-icon"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.46,
        background: `linear-gradient(135deg, ${visual.from}, ${visual.to})`,
      }}
    >
      {visual.icon}
    </span>
  );
}
